import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** A browser-like client for `app.inject`: keeps cookies between calls and sends same-origin headers. */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly defaults: { host?: string; brand?: string } = {},
  ) {}

  private remoteAddress = '127.0.0.1';

  /** Sends the following requests from this address. */
  withIp(ip: string): this {
    this.remoteAddress = ip;
    return this;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const merged: Record<string, string | undefined> = {
      host: this.defaults.host ?? 'localhost:3000',
      'sec-fetch-site': 'same-origin',
      ...(this.defaults.brand ? { 'x-brand': this.defaults.brand } : {}),
      ...(options.headers as Record<string, string | undefined> | undefined),
    };
    // A header given as undefined is left out, as a browser that does not send it would.
    const headers = Object.fromEntries(
      Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await this.app.inject({
      remoteAddress: this.remoteAddress,
      ...options,
      headers,
    });
    for (const set of response.cookies) {
      const expired = set.expires instanceof Date && set.expires.getTime() <= Date.now();
      if (set.value === '' || expired || set.maxAge === 0) this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.request({ method: 'GET', url, ...(headers ? { headers } : {}) });
  }

  post(
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    return this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      ...(headers ? { headers } : {}),
    });
  }
}
