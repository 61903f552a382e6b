/** The error every API call throws: the server's stable code and message, or a network failure. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR = 'network-error';

/**
 * Calls our JSON API. Sends cookies, parses `{ error: { code, message } }` into ApiError, and turns a failed
 * connection into ApiError('network-error') so every page can show the same translated message.
 */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept: 'application/json',
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 'Network error', 0);
  }
  const text = await response.text();
  const body: unknown = text ? safeParse(text) : null;
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
    throw new ApiError(
      error?.code ?? 'internal-error',
      error?.message ?? response.statusText,
      response.status,
      error?.details,
    );
  }
  return body as T;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
