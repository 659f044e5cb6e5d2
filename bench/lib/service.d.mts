// What the TypeScript benchmarks take from service.mjs (bench/lib/in-process.ts).
export function copyTemplate(dir: string): void;
