import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type RunningMock } from '../app';
import { demoAuthToken } from '../test-login';
import { nextRunAt } from '../links';

/** A settable clock: the test moves time to a reminder's hour or past a link's expiry. */
let offsetMs = 0;
const mock = createMockServer({
  log: () => {},
  clock: () => new Date(Date.now() + offsetMs),
  appUrl: 'http://app.test',
});
let running: RunningMock;
let t1 = '';
let special = '';

beforeAll(async () => {
  running = await mock.listen(0);
  t1 = await demoAuthToken(running.url, 't1@anchor.test');
  special = await demoAuthToken(running.url, 'anchor1551@anchor.test');
});
afterAll(() => running.close());

type Json = Record<string, unknown> & { data?: unknown; errors?: { code: string; detail: string; title?: string }[] };

async function call(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; key?: string } = {},
): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = { Authorization: options.token ?? t1 };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.key) headers['Idempotency-Key'] = options.key;
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const db = () => mock.db();
/** An anchor-1 customer with at least two open invoices, and those invoices. */
function customerWithDues() {
  for (const company of db().distributor_companies.filter((c) => c.anchor_id === 1)) {
    const open = db().invoices.filter((inv) => inv.distributor_company_id === company.id && inv.status === 'open');
    if (open.length >= 2) return { company, open };
  }
  throw new Error('no customer with two open invoices');
}
const mailsSince = (count: number) => db().mails.slice(count);

describe('anchor settings', () => {
  it('reads the own anchor’s channel blocks, and nobody else’s', async () => {
    const own = await call('GET', '/anchor_settings/1551', { token: special });
    expect(own.status).toBe(200);
    expect(
      (own.body.data as { attributes: { settings: Record<string, { default: unknown }> } }).attributes.settings
        .sms_blocked?.default,
    ).toBe(true);
    expect((await call('GET', '/anchor_settings/1551')).status).toBe(404);
  });
});

describe('sending payment links', () => {
  it('sends one customer’s chosen invoices on each channel, with a real pay link, once per Idempotency-Key', async () => {
    const { company, open } = customerWithDues();
    const before = db().mails.length;
    const links = db().payment_links.length;
    const body = {
      payment_links: {
        distributor_company_id: company.id,
        invoices_ids: [open[0]!.id, open[1]!.id],
        mode_of_communication: ['whatsapp', 'email'],
      },
    };
    const first = await call('POST', '/payments/send_payment_links', { body, key: 'send-1' });
    expect(first.status).toBe(201);
    const again = await call('POST', '/payments/send_payment_links', { body, key: 'send-1' });
    expect(again.body).toEqual(first.body);
    expect(db().payment_links.length).toBe(links + 1);
    const link = db().payment_links.at(-1)!;
    expect(link).toMatchObject({
      distributor_company_id: company.id,
      invoice_ids: [open[0]!.id, open[1]!.id],
      status: 'pending',
    });
    expect(link.customer_wide).toBeUndefined();
    const sent = mailsSince(before);
    expect(sent.map((m) => [m.channel, m.to])).toEqual([
      ['whatsapp', company.primary_user_mobile],
      ['email', company.primary_user_email],
    ]);
    expect(sent[0]!.link).toBe(`http://app.test/pay-with-provider?token=${link.token}`);
    expect(sent[0]!.body).toContain(open[0]!.document_number);

    // The link opens the pay page with exactly those invoices open.
    const page = await fetch(`${running.url}/invoice_collection?token=${link.token}&status=open`);
    const items = ((await page.json()) as { data: { id: string }[] }).data.map((i) => Number(i.id));
    expect(items.sort()).toEqual([open[0]!.id, open[1]!.id].sort());
  });

  it('sends every open invoice of each ticked customer, by customer', async () => {
    const companies = db()
      .distributor_companies.filter(
        (c) =>
          c.anchor_id === 1 &&
          db().invoices.some((inv) => inv.distributor_company_id === c.id && inv.status === 'open'),
      )
      .slice(0, 2);
    const answer = await call('POST', '/payments/send_payment_links', {
      body: { payment_links: { distributor_company_ids: companies.map((c) => c.id), mode_of_communication: ['sms'] } },
    });
    expect(answer.status).toBe(201);
    const rows = answer.body.data as { invoice_ids: string[]; status: string }[];
    expect(rows).toHaveLength(2);
    for (const [i, company] of companies.entries()) {
      const openIds = db()
        .invoices.filter(
          (inv) =>
            inv.distributor_company_id === company.id && (inv.status === 'open' || inv.status === 'partially_paid'),
        )
        .map((inv) => String(inv.id))
        .sort();
      expect([...rows[i]!.invoice_ids].sort()).toEqual(openIds);
    }
  });

  it('refuses a blocked channel with the warning’s text, and bad input field by field', async () => {
    const company = db().distributor_companies.find(
      (c) =>
        c.anchor_id === 1551 &&
        db().invoices.some((inv) => inv.distributor_company_id === c.id && inv.status === 'open'),
    )!;
    const blocked = await call('POST', '/payments/send_payment_links', {
      token: special,
      body: { payment_links: { distributor_company_ids: [company.id], mode_of_communication: ['sms'] } },
    });
    expect(blocked.status).toBe(422);
    expect(blocked.body.errors).toEqual([
      {
        code: 'ER-CHANNEL-BLOCKED',
        title: 'mode_of_communication',
        detail: 'Please contact your admin to unblock the SMS service.',
      },
    ]);
    const bad = await call('POST', '/payments/send_payment_links', {
      body: { payment_links: { distributor_company_id: 'x', invoices_ids: [], mode_of_communication: ['fax'] } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.map((e) => e.title).sort()).toEqual([
      'distributor_company_id',
      'invoices_ids',
      'mode_of_communication',
    ]);
    expect((await call('POST', '/payments/send_payment_links', { token: 'nope', body: {} })).status).toBe(401);
  });

  it('lists the links with their status: paid once the pay page settles them, expired after a week', async () => {
    const { company, open } = customerWithDues();
    const sent = await call('POST', '/payments/send_payment_links', {
      body: {
        payment_links: {
          distributor_company_id: company.id,
          invoices_ids: [open[0]!.id],
          mode_of_communication: ['email'],
        },
      },
    });
    const row = (sent.body.data as { id: string; url: string }[])[0]!;
    const token = new URL(row.url).searchParams.get('token')!;
    const statusOf = async () => {
      const list = await call(
        'GET',
        `/payment_links?filter[search]=${encodeURIComponent(open[0]!.document_number)}&items=100`,
      );
      return (list.body.data as { id: string; attributes: { status: string } }[]).find((l) => l.id === row.id)
        ?.attributes.status;
    };
    expect(await statusOf()).toBe('pending');

    // Pay it through the pay page's gateway.
    const invoice = db().invoices.find((inv) => inv.id === open[0]!.id)!;
    const order = await fetch(`${running.url}/direct_payments/cc_avenue`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json', 'Idempotency-Key': `pay-${row.id}` },
      body: JSON.stringify({
        direct_payment: {
          invoice_details: [
            { id: String(invoice.id), user_requested_amount: (invoice.total - invoice.amount_paid) / 100 },
          ],
          payment_method: 'upi',
        },
      }),
    });
    expect(order.status).toBe(201);
    const { payment_link_url } = (await order.json()) as { payment_link_url: string };
    await fetch(payment_link_url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
      redirect: 'manual',
    });
    expect(await statusOf()).toBe('paid');
    const paidList = await call('GET', '/payment_links?filter[link_status]=paid&items=100');
    expect(paidList.body.errors).toBeUndefined();
    expect((paidList.body.data as { id: string }[]).some((l) => l.id === row.id)).toBe(true);

    const other = await call('POST', '/payments/send_payment_links', {
      body: {
        payment_links: {
          distributor_company_id: company.id,
          invoices_ids: [open[1]!.id],
          mode_of_communication: ['email'],
        },
      },
    });
    const otherId = (other.body.data as { id: string }[])[0]!.id;
    offsetMs += 8 * 86_400_000;
    try {
      // A week on, the morning's login has expired too: log in again.
      const later = await demoAuthToken(running.url, 't1@anchor.test');
      const expired = await call('GET', '/payment_links?filter[link_status]=expired&items=100', { token: later });
      expect((expired.body.data as { id: string }[]).some((l) => l.id === otherId)).toBe(true);
    } finally {
      offsetMs -= 8 * 86_400_000;
    }
  });

  it('pages and filters the list: region, channel finance, status; a short search is refused', async () => {
    const north = await call('GET', '/payment_links?filter[region]=north&items=100');
    const regions = new Map(db().distributor_companies.map((c) => [c.name, c.region]));
    expect(north.status).toBe(200);
    expect((north.body.data as { name: string }[]).length).toBeGreaterThan(0);
    expect((await call('GET', '/payment_links?filter[search]=ab')).status).toBe(422);
    expect((await call('GET', '/payment_links?filter[link_status]=lost')).status).toBe(422);
    expect((await call('GET', '/payment_links?filter[channel_finance]=2')).status).toBe(422);
    expect(regions.size).toBeGreaterThan(0);
  });
});

describe('the create-links form', () => {
  it('looks an open invoice up above 3 characters and creates its link, for users with the permission only', async () => {
    const { company, open } = customerWithDues();
    const found = await call('GET', `/invoices/lookup?document_number=${encodeURIComponent(open[0]!.document_number)}`);
    expect(found.status).toBe(200);
    expect(
      (found.body.data as { attributes: { distributor_company: { id: number } } }).attributes.distributor_company.id,
    ).toBe(company.id);
    expect((await call('GET', '/invoices/lookup?document_number=NOPE-0000')).status).toBe(404);
    expect((await call('GET', '/invoices/lookup?document_number=INV')).status).toBe(422);
    const body = {
      payment_links: { distributor_user_id: company.id, invoices_ids: [open[0]!.id], mode_of_communication: ['sms'] },
    };
    expect((await call('POST', '/payment_links', { body })).status).toBe(201);
    const qa = await demoAuthToken(running.url, 'qa.profile@anchor.test');
    expect((await call('POST', '/payment_links', { token: qa, body })).status).toBe(403);
  });
});

describe('who may send payment links', () => {
  const refusal = {
    code: 'ER-PERMISSION',
    detail: 'You may not send payment links (it needs the create_payment_links permission).',
  };
  /** What sending a link writes: links, outbox messages, reminders. */
  const sent = () => ({
    links: db().payment_links.length,
    mails: db().mails.length,
    reminders: db().reminders?.length ?? 0,
  });

  it('refuses every way of sending a link to a user without create_payment_links, and sends nothing', async () => {
    const qa = await demoAuthToken(running.url, 'qa.profile@anchor.test');
    const { company, open } = customerWithDues();
    const before = sent();
    const attempts: [string, unknown][] = [
      [
        '/payment_links',
        {
          payment_links: {
            distributor_user_id: company.id,
            invoices_ids: [open[0]!.id],
            mode_of_communication: ['email'],
          },
        },
      ],
      [
        '/payments/send_payment_links',
        {
          payment_links: {
            distributor_company_id: company.id,
            invoices_ids: [open[0]!.id],
            mode_of_communication: ['email'],
          },
        },
      ],
      [
        '/payments/send_payment_links',
        { payment_links: { distributor_company_ids: [company.id], mode_of_communication: ['email'] } },
      ],
      [
        '/schedule_reminders',
        {
          schedule_reminder: {
            time: '09.00',
            type: 'DAILY',
            days: '1111111',
            invoice_ids: [open[0]!.id],
            category_type: 'clear_dues_for_invoice',
            modes: ['email'],
          },
        },
      ],
    ];
    for (const [path, body] of attempts) {
      const answer = await call('POST', path, {
        token: qa,
        body,
        key: `no-permission-${path}-${Object.keys((body as { payment_links?: object }).payment_links ?? {}).join()}`,
      });
      expect(answer.status, path).toBe(403);
      expect(answer.body.errors, path).toEqual([refusal]);
    }
    expect(sent()).toEqual(before);
  });

  it('lets a user with it send a link by the create form, by invoice, by customer and by reminder', async () => {
    const { company, open } = customerWithDues();
    const before = sent();
    expect(
      (
        await call('POST', '/payment_links', {
          body: {
            payment_links: {
              distributor_user_id: company.id,
              invoices_ids: [open[0]!.id],
              mode_of_communication: ['email'],
            },
          },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call('POST', '/payments/send_payment_links', {
          body: {
            payment_links: {
              distributor_company_id: company.id,
              invoices_ids: [open[0]!.id],
              mode_of_communication: ['email'],
            },
          },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call('POST', '/payments/send_payment_links', {
          body: { payment_links: { distributor_company_ids: [company.id], mode_of_communication: ['email'] } },
        })
      ).status,
    ).toBe(201);
    const reminder = {
      schedule_reminder: {
        time: '09.00',
        type: 'DAILY',
        days: '1111111',
        invoice_ids: [open[0]!.id],
        category_type: 'clear_dues_for_invoice',
        modes: ['email'],
      },
    };
    expect((await call('POST', '/schedule_reminders', { body: reminder })).status).toBe(201);
    expect(sent()).toEqual({ links: before.links + 3, mails: before.mails + 3, reminders: before.reminders + 1 });
  });

  it('sends no reminder link once the user who scheduled it lost the permission', async () => {
    const { open } = customerWithDues();
    const answer = await call('POST', '/schedule_reminders', {
      body: {
        schedule_reminder: {
          time: '09.00',
          type: 'ONCE',
          days: '1111111',
          invoice_ids: [open[0]!.id],
          category_type: 'clear_dues_for_invoice',
          modes: ['email'],
        },
      },
    });
    expect(answer.status).toBe(201);
    const stored = answer.body.data as { id: string; next_run_at: string };
    // Deliver any other reminder due before this one, so the count below is this reminder's alone.
    offsetMs += Date.parse(stored.next_run_at) - Date.now() - 60_000;
    const owner = db().users.find((u) => u.email === 't1@anchor.test')!;
    const permissions = owner.permissions;
    try {
      mock.deliverReminders();
      mock.repository.update('users', owner, {
        permissions: (permissions ?? []).filter((p) => p !== 'create_payment_links'),
      });
      const before = sent();
      offsetMs += 2 * 60_000;
      expect(mock.deliverReminders()).toBe(0);
      expect(sent()).toEqual(before);
      expect(db().reminders.find((r) => r.id === Number(stored.id))!.next_run_at).toBeNull();
    } finally {
      mock.repository.update('users', owner, { permissions });
      offsetMs = 0;
    }
  });
});

describe('reminders', () => {
  it('finds the next run on the chosen weekdays at the chosen hour (IST)', () => {
    // Sunday 22 Nov 2026, 10:00 IST = 04:30 UTC.
    const sunday10 = Date.parse('2026-11-22T04:30:00Z');
    expect(new Date(nextRunAt({ time: '09.00', days: '1000000' }, sunday10)!).toISOString()).toBe(
      '2026-11-23T03:30:00.000Z',
    );
    expect(new Date(nextRunAt({ time: '11.00', days: '0000001' }, sunday10)!).toISOString()).toBe(
      '2026-11-22T05:30:00.000Z',
    );
    expect(new Date(nextRunAt({ time: '24.00', days: '0000001' }, sunday10)!).toISOString()).toBe(
      '2026-11-28T18:30:00.000Z',
    );
    expect(nextRunAt({ time: '09.00', days: '0000000' }, sunday10)).toBeNull();
  });

  it('stores a schedule and delivers it into the outbox when the clock passes its time', async () => {
    const { open } = customerWithDues();
    const answer = await call('POST', '/schedule_reminders', {
      body: {
        schedule_reminder: {
          time: '09.00',
          type: 'CUSTOM_DAYS',
          days: '1111111',
          invoice_ids: [open[0]!.id],
          category_type: 'clear_dues_for_invoice',
          modes: ['whatsapp', 'sms'],
        },
      },
      key: 'reminder-1',
    });
    expect(answer.status).toBe(201);
    const stored = answer.body.data as { id: string; next_run_at: string };
    expect((await call('GET', '/schedule_reminders')).body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: stored.id })]),
    );
    expect(mock.deliverReminders()).toBe(0);
    const before = db().mails.length;
    offsetMs += Date.parse(stored.next_run_at) - Date.now() + 1000;
    try {
      expect(mock.deliverReminders()).toBe(2);
      const sent = mailsSince(before);
      expect(sent.map((m) => m.channel)).toEqual(['whatsapp', 'sms']);
      expect(sent[0]!.body).toContain('Please clear your dues');
      expect(sent[0]!.reminder_id).toBe(Number(stored.id));
      // A custom reminder moves to its next run; a second delivery at the same time sends nothing.
      expect(mock.deliverReminders()).toBe(0);
      expect(Date.parse(db().reminders.find((r) => r.id === Number(stored.id))!.next_run_at!)).toBeGreaterThan(
        Date.parse(stored.next_run_at),
      );
    } finally {
      offsetMs = 0;
    }
  });

  it('refuses an incomplete schedule field by field, and a blocked channel', async () => {
    const bad = await call('POST', '/schedule_reminders', {
      body: {
        schedule_reminder: { time: '13.30', type: 'WEEKLY', days: '1', invoice_ids: [], category_type: 'x', modes: [] },
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.map((e) => e.title).sort()).toEqual([
      'category_type',
      'days',
      'invoice_ids',
      'modes',
      'time',
      'type',
    ]);
    const invoice = db().invoices.find((inv) => inv.anchor_id === 1551)!;
    const blocked = await call('POST', '/schedule_reminders', {
      token: special,
      body: {
        schedule_reminder: {
          time: '09.00',
          type: 'DAILY',
          days: '1111111',
          invoice_ids: [invoice.id],
          category_type: 'clear_dues_for_invoice',
          modes: ['sms'],
        },
      },
    });
    expect(blocked.body.errors?.[0]?.code).toBe('ER-CHANNEL-BLOCKED');
  });
});

describe('the send-link modal’s lists', () => {
  it('lists customers with open invoices, searched by name or invoice number, and one customer’s invoices by number from 2 characters', async () => {
    const { company, open } = customerWithDues();
    const byNumber = await call(
      'GET',
      `/distributor_companies?filter[status]=open,partially_paid&filter[search]=${encodeURIComponent(open[0]!.document_number)}`,
    );
    expect((byNumber.body.data as { id: string }[]).map((c) => Number(c.id))).toContain(company.id);
    expect((await call('GET', '/distributor_companies?filter[status]=lost')).status).toBe(422);
    const part = open[0]!.document_number.slice(-2);
    const invoices = await call(
      'GET',
      `/invoices?filter[status_in][]=open&filter[status_in][]=partially_paid&filter[distributor_company_id]=${company.id}&filter[document_number_cont]=${encodeURIComponent(part)}&items=100`,
    );
    expect(invoices.status).toBe(200);
    const numbers = (invoices.body.data as { attributes: { document_number: string } }[]).map(
      (r) => r.attributes.document_number,
    );
    expect(numbers.length).toBeGreaterThan(0);
    for (const n of numbers) expect(n.toLowerCase()).toContain(part.toLowerCase());
    expect((await call('GET', `/invoices?filter[document_number_cont]=a`)).status).toBe(422);
  });
});
