// Per-service state and per-request context handed to every handler.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResolvedConfig } from './config.ts';
import type { RateLimiter } from './rate-limit.ts';

export interface Service {
  cfg: ResolvedConfig;
  limiter: RateLimiter;
}

export interface Ctx {
  svc: Service;
  req: IncomingMessage;
  res: ServerResponse;
  /** path after /auth/v1, without the query string */
  path: string;
  query: URLSearchParams;
  ip: string;
  userAgent: string | null;
  now: Date;
}
