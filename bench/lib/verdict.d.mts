export function atExit(fn: () => void): void;
export function limitTime(name: string, seconds: number): void;
export function verdict(pass: boolean, rule: string, detail?: string): boolean;
export function timeLimit(fallback: number): number;
