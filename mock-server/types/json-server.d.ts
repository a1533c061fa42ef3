// @types/json-server is stale; this covers the 0.17.4 API the mock uses.
declare module 'json-server' {
  import type { Express, RequestHandler, Router } from 'express';

  interface LowdbLike<State> {
    getState(): State;
    setState(state: State): void;
  }
  interface JsonServerRouter<State> extends Router {
    db: LowdbLike<State>;
  }
  interface DefaultsOptions {
    noGzip?: boolean;
    static?: string;
    logger?: boolean;
    bodyParser?: boolean;
    noCors?: boolean;
    readOnly?: boolean;
  }

  function create(): Express;
  function defaults(options?: DefaultsOptions): RequestHandler[];
  function router<State extends object>(
    source: State,
    options?: { foreignKeySuffix?: string },
  ): JsonServerRouter<State>;
  const bodyParser: RequestHandler[];

  export { create, defaults, router, bodyParser };
  export type { JsonServerRouter, LowdbLike };
}
