import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { claimImportRun, releaseImportRun } from './import-runs';
import { importMessages, MAX_IMPORT_BYTES } from '../../../shared/portability';

/** How long a client is asked to wait when uploads already take all the temporary disk allowed. */
export const QUEUE_FULL_RETRY_AFTER_SECONDS = 30;

/**
 * An admitted import: `release` (idempotent) frees its account and its share of the disk; it is
 * awaited before the answer goes out, so the account's next import is let in at once.
 */
export interface ImportTicket {
  release(): Promise<void>;
  /** Set once the route's handler runs: from then on the handler releases the ticket itself. */
  handled: boolean;
  /** Called once, by the first `release`. */
  onRelease?: () => Promise<void>;
}

/**
 * Which imports may start, decided from the request's headers before any of its body is read:
 * one at a time per account (a second is answered 409 while the first has not been answered),
 * and at most `spoolBytes` of uploads on the temporary disk at once, counted by their
 * Content-Length (a body sent without one counts as the largest allowed, 50 MB) until the import
 * is answered; over it, 503 with Retry-After. The disk is each process's own (docs/configuration.md,
 * IMPORT_QUEUE_MB); the one import per account holds across processes too (admitImports).
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
    let released: Promise<void> | undefined;
    const ticket: ImportTicket = {
      handled: false,
      release: () => {
        if (!released) {
          this.accounts.delete(account);
          this.spooled -= bytes;
          released = ticket.onRelease?.() ?? Promise.resolve();
        }
        return released;
      },
    };
    return ticket;
  }
}

const tickets = new WeakMap<FastifyRequest, ImportTicket>();

/**
 * Admits each import request once it is signed in (the hooks run after requireUser's), and
 * releases it when it is answered, or when its client goes away before the handler ran. Once the
 * handler runs it releases the ticket itself (`importTicket`), after the upload is deleted. This
 * process's admission comes first (no round trip for a second import here), then the account's
 * run in the database, which another web process may hold.
 */
export function admitImports(app: FastifyInstance, ctx: AppContext, admission: ImportAdmission): void {
  const { db } = ctx.database;
  app.addHook('onRequest', async (request) => {
    const declared = Number(request.headers['content-length'] ?? NaN);
    const bytes = Number.isFinite(declared) && declared >= 0 ? declared : MAX_IMPORT_BYTES;
    const userId = request.auth!.user.id;
    const ticket = admission.admit(userId, bytes);
    const claimed = await claimImportRun(db, userId).catch(async (error: unknown) => {
      await ticket.release();
      throw error;
    });
    if (!claimed) {
      await ticket.release();
      throw new HttpError(409, 'IMPORT_RUNNING', importMessages.stillRunning);
    }
    tickets.set(request, ticket);
    ticket.onRelease = () => releaseImportRun(db, request.log, userId);
  });
  const releaseUnhandled = async (request: FastifyRequest) => {
    const ticket = tickets.get(request);
    if (ticket && !ticket.handled) await ticket.release();
  };
  // Before an answer the handler did not give (413, 400 from the schema) goes out; or when the client left.
  app.addHook('onSend', async (request, _reply, payload) => {
    await releaseUnhandled(request);
    return payload;
  });
  app.addHook('onRequestAbort', releaseUnhandled);
}

/** The request's ticket, now the handler's to release. */
export function importTicket(request: FastifyRequest): ImportTicket {
  const ticket = tickets.get(request)!;
  ticket.handled = true;
  return ticket;
}
