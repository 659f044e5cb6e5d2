/** A minimal cookie jar for inject tests: keeps what Set-Cookie says, sends it back. */
export class CookieJar {
  private cookies = new Map<string, string>();

  /** Reads the Set-Cookie headers of an inject response. */
  take(headers: Record<string, unknown>): string[] {
    const list = ([] as string[]).concat((headers["set-cookie"] as string | string[] | undefined) ?? []);
    for (const line of list) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = value === "" || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return list;
  }

  get header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  has(namePart: string): boolean {
    return [...this.cookies.keys()].some((k) => k.includes(namePart));
  }
}
