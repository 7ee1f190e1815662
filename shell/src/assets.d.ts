// A stylesheet imported from code is its URL (shared/build emits it as a file).
declare module '*.css' {
  const url: string;
  export default url;
}
