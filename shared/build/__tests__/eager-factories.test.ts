import { createRequire } from 'node:module';
import vm from 'node:vm';

const load = createRequire(__filename);
type Source = { source: () => string | Buffer };
const { withEagerFactories } = load('../eager-factories.cjs') as {
  withEagerFactories: (source: Source, minLength?: number) => Source;
};
const { RawSource } = (load('webpack') as { sources: { RawSource: new (code: string) => Source } }).sources;

// The chunk as the plugin leaves it, for factories of at least `minLength` characters.
const wrap = (code: string, minLength: number) =>
  withEagerFactories(new RawSource(code), minLength).source().toString();

// A chunk as webpack and the minifier write it: a module map pushed onto the chunk list, a shorthand method, a
// function and an arrow function as factories, a numeric-keyed lookup table that holds no function, and a factory
// whose own code holds a numeric-keyed table of functions (not a module map).
const chunk = [
  '(self.chunks=self.chunks||[]).push([[7],{',
  '12(e,t,n){n.d(t,{a:()=>r});let r="douze"},',
  '34:function(e,t){t.value=34},',
  '56:(e,t)=>{t.value=[56].map(x=>x*2)[0]},',
  '78:{0:"zéro"},',
  '90(e,t){t.value={1:function(){return 90}}[1]()}',
  '}]);',
].join('');

function run(code: string) {
  const context: {
    self: { chunks?: [number[], Record<number, (m: unknown, e: Record<string, unknown>, r: unknown) => void>][] };
  } = { self: {} };
  vm.runInNewContext(code, context);
  const [[ids, modules]] = context.self.chunks ?? [];
  const exports: Record<number, unknown> = {};
  const webpackRequire = {
    d: (target: object, getters: Record<string, () => unknown>) => {
      for (const [name, get] of Object.entries(getters)) Object.defineProperty(target, name, { enumerable: true, get });
    },
  };
  for (const [id, factory] of Object.entries(modules)) {
    if (typeof factory !== 'function') continue;
    const moduleExports: Record<string, unknown> = {};
    factory.call(moduleExports, {}, moduleExports, webpackRequire);
    exports[Number(id)] = { ...moduleExports };
  }
  return { ids, exports };
}

describe('eager factories', () => {
  test('wraps every factory at least as long as the threshold in parentheses, whatever its syntax', () => {
    const wrapped = wrap(chunk, 10);
    expect(wrapped).toContain('12:(function(e,t,n){n.d(t,{a:()=>r});let r="douze"})');
    expect(wrapped).toContain('34:(function(e,t){t.value=34})');
    expect(wrapped).toContain('56:((e,t)=>{t.value=[56].map(x=>x*2)[0]})');
    expect(wrapped).toContain('78:{0:"zéro"}');
    expect(wrapped).toContain('90:(function(e,t){t.value={1:function(){return 90}}[1]()})');
  });

  test('leaves short factories as they are', () => {
    const wrapped = wrap(chunk, 30);
    expect(wrapped).toContain('34:function(e,t){t.value=34},');
    expect(wrapped).toContain('12:(function(e,t,n)');
    expect(wrapped).toContain('56:((e,t)=>');
  });

  test('the wrapped chunk runs exactly as the original', () => {
    const wrapped = wrap(chunk, 10);
    expect(wrapped).not.toBe(chunk);
    expect(run(wrapped)).toEqual(run(chunk));
    expect(run(wrapped).exports).toEqual({
      12: { a: 'douze' },
      34: { value: 34 },
      56: { value: 112 },
      90: { value: 90 },
    });
  });
});
