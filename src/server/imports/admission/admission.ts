import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { importMessages, MAX_IMPORT_BYTES } from '../../../shared/portability';

/** How long a client is asked to wait when uploads already take all the temporary disk allowed. */
export const QUEUE_FULL_RETRY_AFTER_SECONDS = 30;

/** An admitted import: `release` (idempotent) frees its account and its share of the disk. */
export interface ImportTicket {
  release(): void;
  /** Set once the route's handler runs: from then on the handler releases the ticket itself. */
  handled: boolean;
}

/**
 * Which imports may start, decided from the request's headers before any of its body is read:
 * one at a time per account (a second is answered 409 while the first has not been answered),
 * and at most `spoolBytes` of uploads on the temporary disk at once, counted by their
 * Content-Length (a body sent without one counts as the largest allowed, 50 MB) until the import
 * is answered; over it, 503 with Retry-After. Both hold within one process (docs/configuration.md,
 * IMPORT_QUEUE_MB): several web processes each keep their own.
 */
export class ImportAdmission {
  private readonly accounts = new Set<string>();
  private spooled = 0;

  constructor(private readonly spoolBytes: number) {}

  /** The bytes of the uploads admitted and not yet answered. */
  get spooledBytes(): number {
    return this.spooled;
  }

  admit(account: string, bytes: number): ImportTicket {
    if (this.accounts.has(account)) throw new HttpError(409, 'IMPORT_RUNNING', importMessages.stillRunning);
    if (this.spooled + bytes > this.spoolBytes) {
      const error = new HttpError(503, 'IMPORT_QUEUE_FULL', importMessages.queueFull);
      error.headers['retry-after'] = String(QUEUE_FULL_RETRY_AFTER_SECONDS);
      throw error;
    }
    this.accounts.add(account);
    this.spooled += bytes;
    let released = false;
    return {
      handled: false,
      release: () => {
        if (released) return;
        released = true;
        this.accounts.delete(account);
        this.spooled -= bytes;
      },
    };
  }
}

const tickets = new WeakMap<FastifyRequest, ImportTicket>();

/**
 * Admits each import request once it is signed in (the hooks run after requireUser's), and
 * releases it when it is answered, or when its client goes away before the handler ran. Once the
 * handler runs it releases the ticket itself (`importTicket`), after the upload is deleted.
 */
export function admitImports(app: FastifyInstance, admission: ImportAdmission): void {
  app.addHook('onRequest', async (request) => {
    const declared = Number(request.headers['content-length'] ?? NaN);
    const bytes = Number.isFinite(declared) && declared >= 0 ? declared : MAX_IMPORT_BYTES;
    tickets.set(request, admission.admit(request.auth!.user.id, bytes));
  });
  const releaseUnhandled = async (request: FastifyRequest) => {
    const ticket = tickets.get(request);
    if (ticket && !ticket.handled) ticket.release();
  };
  app.addHook('onResponse', releaseUnhandled);
  app.addHook('onRequestAbort', releaseUnhandled);
}

/** The request's ticket, now the handler's to release. */
export function importTicket(request: FastifyRequest): ImportTicket {
  const ticket = tickets.get(request)!;
  ticket.handled = true;
  return ticket;
}
