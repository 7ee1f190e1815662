declare const runOutputs: { anywhere: readonly string[]; fromRoot: readonly string[] };
export = runOutputs;
