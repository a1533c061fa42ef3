import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { HttpError, quoted } from './http';
import { type ApiVersion, vendorMediaType } from '../src/domain/product';

declare module 'express-serve-static-core' {
  interface Request {
    /** The API version the Accept header asked for (1 when it names none). */
    apiVersion?: ApiVersion;
  }
}

/**
 * Checks the Accept header like the real provider: the vendor type `application/vnd.{product}.v{N}+json`
 * picks the version; a generic JSON, CSV or wildcard Accept (or none) means version 1; anything else is 406.
 */
export function negotiateVersion(product: string): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const accept = req.headers.accept ?? '';
    const ranges = accept
      .split(',')
      .map((part) => part.split(';')[0]!.trim().toLowerCase())
      .filter((part) => part !== '');
    if (ranges.length === 0) {
      req.apiVersion = 1;
      next();
      return;
    }
    for (const version of [2, 1] as const) {
      if (ranges.includes(vendorMediaType(product, version))) {
        req.apiVersion = version;
        next();
        return;
      }
    }
    if (ranges.some((r) => r === '*/*' || r === 'application/*' || r === 'application/json' || r === 'text/csv')) {
      req.apiVersion = 1;
      next();
      return;
    }
    next(
      new HttpError(406, [
        {
          code: 'ER-NOT-ACCEPTABLE',
          detail: `Unsupported Accept header ${quoted(accept)}. Send ${vendorMediaType(product, 1)} (or v2 where the API defines it).`,
        },
      ]),
    );
  };
}
