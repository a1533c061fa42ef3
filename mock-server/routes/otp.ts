import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { requirePayToken } from '../auth/pay-token';
import type { MockContext } from '../context';
import { nextId, type OtpRequest, type ReadonlyDb } from '../db';
import { bodyObject, HttpError, route, validationError } from '../http';
import { runIdempotent } from '../idempotency';
import { vendorMediaType } from '../../src/domain/product';
import { payAccount, payError } from '../pay';

/** An OTP is valid for 5 minutes. */
const OTP_TTL_SECONDS = 300;
/** Wrong answers an OTP takes before it is locked. */
const OTP_MAX_ATTEMPTS = 5;

const otpHash = (referenceId: string, otp: string) =>
  createHash('sha256').update(`${referenceId}:${otp}`).digest('hex');

/** The OTP calls are defined in version 2 of the API only: a version-1 Accept is 406. */
function requireVersion2(product: string): RequestHandler {
  return (req, _res, next) => {
    if (req.apiVersion === 2) {
      next();
      return;
    }
    next(
      new HttpError(406, [
        {
          code: 'ER-NOT-ACCEPTABLE',
          detail: `${req.path} is only in version 2 of the API: send Accept: ${vendorMediaType(product, 2)}.`,
        },
      ]),
    );
  };
}

/** `{ data: { attributes: {...} } }` */
function attributesOf(body: unknown): Record<string, unknown> {
  return bodyObject(bodyObject(body, 'data'), 'attributes');
}

function loanIdOf(attributes: Record<string, unknown>): number {
  const raw = attributes.loan_application_id;
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw validationError({ loan_application_id: 'loan_application_id is required' });
  return id;
}

/**
 * OTP confirmation of credit draws (spec §4 credit flow), version 2:
 *
 * - POST /communications/send_otp `{ data: { attributes: { loan_application_id } } }` sends a new 6-digit
 *   OTP (random, valid 5 minutes; an earlier unused one stops working) and answers its reference. No SMS
 *   leaves the machine: the OTP is in the dev outbox and the log (which names the loan application and the
 *   mobile's last digits, never the pay token).
 * - POST /communications/verify_otp `{ data: { attributes: { loan_application_id, otp, otp_reference_id } } }`:
 *   `{ data: { verified: true } }`, after which the token may draw credit for 10 minutes. Wrong: 422
 *   ER-OTP-101 (attempts left in the detail); expired, used or replaced: ER-OTP-102; the 5th wrong answer
 *   and every answer after it: ER-OTP-103.
 *
 * An Idempotency-Key is optional here; when sent, a repeat gets the first answer.
 */
export function otpRoutes(ctx: MockContext): Router {
  const router = Router();
  const v2 = requireVersion2(ctx.product);
  const payToken = requirePayToken(ctx.db, ctx.now);

  const checkLoan = (db: ReadonlyDb, token: string, now: number, attributes: Record<string, unknown>) => {
    const account = payAccount(db, token, now);
    const loanId = loanIdOf(attributes);
    if (!account.loan || account.loan.application_status !== 'approved') {
      throw payError(
        'ER-CREDIT-101',
        'This account has no approved credit line: there is no credit to confirm with an OTP.',
      );
    }
    if (loanId !== account.loan.id)
      throw validationError({ loan_application_id: 'loan_application_id is not the credit line of this payment link' });
    return account;
  };

  router.post(
    '/communications/send_otp',
    v2,
    payToken,
    route((req, res) => {
      const db = ctx.db();
      const now = ctx.now();
      const token = req.payToken!;
      runIdempotent(ctx.repository, now, req, res, { token, required: false }, () => {
        const account = checkLoan(db, token, now, attributesOf(req.body));
        for (const earlier of db.otps) {
          if (earlier.token === token && earlier.verified_at === null && !earlier.superseded)
            ctx.repository.update('otps', earlier, { superseded: true });
        }
        const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const referenceId = `otp_${randomBytes(12).toString('base64url')}`;
        const record: OtpRequest = {
          id: nextId(db.otps),
          reference_id: referenceId,
          token,
          loan_application_id: account.loan!.id,
          otp_hash: otpHash(referenceId, otp),
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + OTP_TTL_SECONDS * 1000).toISOString(),
          attempts: 0,
          verified_at: null,
          superseded: false,
        };
        ctx.repository.insert('otps', record);
        ctx.repository.insert('mails', {
          id: nextId(db.mails),
          to: account.company.primary_user_mobile,
          subject: `OTP for ${account.anchor.name} credit`,
          body: `${otp} is your OTP to avail credit for ${account.company.name} (loan ${account.loan!.loan_account_no}). It is valid for 5 minutes. Do not share it.`,
          link: null,
          sent_at: new Date(now).toISOString(),
          pay_token: token,
        });
        // Never the pay token beside its OTP: the loan application and the mobile's last digits say whose it is.
        ctx.log(
          `[mock] OTP ${otp} for loan application ${account.loan!.id} (mobile ending ${account.company.primary_user_mobile.slice(-4)})`,
        );
        return { status: 200, body: { data: { otp_reference_id: referenceId, expires_in: OTP_TTL_SECONDS } } };
      });
    }),
  );

  router.post(
    '/communications/verify_otp',
    v2,
    payToken,
    route((req, res) => {
      const db = ctx.db();
      const now = ctx.now();
      const token = req.payToken!;
      runIdempotent(ctx.repository, now, req, res, { token, required: false }, () => {
        const attributes = attributesOf(req.body);
        checkLoan(db, token, now, attributes);
        const problems: Record<string, string> = {};
        const otp =
          typeof attributes.otp === 'number'
            ? String(attributes.otp).padStart(6, '0')
            : typeof attributes.otp === 'string'
              ? attributes.otp.trim()
              : '';
        if (!/^\d{6}$/.test(otp)) problems.otp = 'otp must be the 6 digits sent to you';
        const referenceId = typeof attributes.otp_reference_id === 'string' ? attributes.otp_reference_id.trim() : '';
        if (referenceId === '') problems.otp_reference_id = 'otp_reference_id is required';
        if (Object.keys(problems).length > 0) throw validationError(problems);
        const record = db.otps.find((o) => o.reference_id === referenceId && o.token === token);
        if (!record)
          throw validationError({
            otp_reference_id: 'otp_reference_id is not an OTP sent for this payment link: ask for a new OTP',
          });
        if (record.attempts >= OTP_MAX_ATTEMPTS)
          throw payError('ER-OTP-103', 'Too many wrong attempts. Ask for a new OTP.');
        if (record.verified_at !== null)
          throw payError('ER-OTP-102', 'This OTP has already been used. Ask for a new OTP.');
        if (record.superseded) throw payError('ER-OTP-102', 'A newer OTP has been sent: enter the latest one.');
        if (Date.parse(record.expires_at) <= now)
          throw payError('ER-OTP-102', 'This OTP has expired. Ask for a new OTP.');
        if (otpHash(record.reference_id, otp) !== record.otp_hash) {
          const attempts = ctx.repository.update('otps', record, { attempts: record.attempts + 1 }).attempts;
          const left = OTP_MAX_ATTEMPTS - attempts;
          if (left <= 0) throw payError('ER-OTP-103', 'Too many wrong attempts. Ask for a new OTP.');
          throw payError('ER-OTP-101', `The OTP is not correct. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`);
        }
        ctx.repository.update('otps', record, { verified_at: new Date(now).toISOString() });
        return { status: 200, body: { data: { verified: true } } };
      });
    }),
  );

  return router;
}
