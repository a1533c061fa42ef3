import type { RequestHandler, Response } from 'express';
import { HttpError } from '../http';
import type { DurableStore } from './store';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Holds every write's answer until what it changed is on disk: when a route ends the response
 * (res.json, res.send, res.redirect all end in res.end), the store journals the changes made so far and
 * the answer goes out once that journal line is fsynced (group commit: concurrent writes share one
 * fsync). Whatever route made the change, the answer cannot overtake it. A request whose answer never goes
 * through res.end (its connection closed first) has its changes journaled when it closes. After a storage
 * failure, writes are refused (503 ER-STORAGE) and reads go on.
 */
export function answerWhenDurable(store: DurableStore): RequestHandler {
  return (req, res, next) => {
    if (READS.has(req.method)) {
      next();
      return;
    }
    if (store.failure) {
      next(
        storageError(
          503,
          `The mock cannot save changes (${store.failure.message}); it answers reads only until it is restarted.`,
        ),
      );
      return;
    }
    res.once('close', () => {
      store.commit().catch(() => {}); // a failure is logged by the store
    });
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      store.commit().then(
        () => end(...args),
        (error: unknown) => {
          if (res.headersSent) {
            end(...args);
            return;
          }
          const failure = storageError(
            500,
            `The mock could not write this change to disk (${error instanceof Error ? error.message : String(error)}): it is not saved and is lost when the mock restarts.`,
          );
          const body = JSON.stringify({ errors: failure.errors });
          for (const name of res.getHeaderNames()) res.removeHeader(name);
          res.statusCode = 500;
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Content-Length', Buffer.byteLength(body));
          end(body);
        },
      );
      return res;
    }) as Response['end'];
    next();
  };
}

const storageError = (status: number, detail: string) => new HttpError(status, [{ code: 'ER-STORAGE', detail }]);
