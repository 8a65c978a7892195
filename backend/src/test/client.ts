import type { App } from '../app';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** A signed-in (or anonymous) caller of the app with its own cookie jar, through app.inject. */
export class Client {
  private cookie = '';
  constructor(private readonly app: App) {}

  get cookieHeader(): string {
    return this.cookie;
  }

  async request<T = any>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const res = await this.app.inject({
      method: method as never,
      url,
      payload: body === undefined ? undefined : (body as never),
      headers: { 'x-requested-with': 'test', ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
    });
    const setCookie = res.headers['set-cookie'];
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = c.split(';');
      if (pair?.startsWith('sid=')) this.cookie = /Expires=Thu, 01 Jan 1970/i.test(c) ? '' : pair;
    }
    let parsed: unknown = res.body;
    try {
      parsed = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body: parsed as T, headers: res.headers };
  }

  get<T = any>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = any>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, body ?? {}, headers);
  }
  put<T = any>(url: string, body?: unknown) {
    return this.request<T>('PUT', url, body ?? {});
  }
  patch<T = any>(url: string, body?: unknown) {
    return this.request<T>('PATCH', url, body ?? {});
  }
  delete<T = any>(url: string) {
    return this.request<T>('DELETE', url);
  }

  async login(username: string, password: string): Promise<Answer> {
    const res = await this.post('/api/login', { username, password });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }
}
