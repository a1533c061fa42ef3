import { describe, expect, it } from 'vitest';
import {
  blockedChannelText,
  daysString,
  REMINDER_MESSAGES,
  REMINDER_TIMES,
  reminderBody,
  reminderHour,
  reminderProblem,
  weekdaysOf,
  type ReminderChoice,
} from './reminders';

const choice = (change: Partial<ReminderChoice> = {}): ReminderChoice => ({
  invoiceIds: ['7'],
  channels: ['sms'],
  type: 'custom',
  time: '09.00',
  days: ['Mon'],
  ...change,
});

describe('reminder times', () => {
  it('run hourly from 12 AM (24.00) to 11 PM', () => {
    expect(REMINDER_TIMES).toHaveLength(24);
    expect(REMINDER_TIMES[0]).toEqual({ value: '24.00', label: '12 AM', hour: 0 });
    expect(REMINDER_TIMES[1]).toEqual({ value: '01.00', label: '1 AM', hour: 1 });
    expect(REMINDER_TIMES[12]).toEqual({ value: '12.00', label: '12 PM', hour: 12 });
    expect(REMINDER_TIMES[23]).toEqual({ value: '23.00', label: '11 PM', hour: 23 });
    expect(reminderHour('24.00')).toBe(0);
    expect(reminderHour('13.30')).toBeNull();
  });
});

describe('the days string', () => {
  it('is 7 characters of 0 and 1, Monday first', () => {
    expect(daysString([])).toBe('0000000');
    expect(daysString(['Mon'])).toBe('1000000');
    expect(daysString(['Sun'])).toBe('0000001');
    expect(daysString(['Wed', 'Mon', 'Sat'])).toBe('1010010');
    expect(daysString(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])).toBe('1111100');
    expect(weekdaysOf('1010010')).toEqual(['Mon', 'Wed', 'Sat']);
    expect(weekdaysOf('101001')).toBeNull();
    expect(weekdaysOf('10100120')).toBeNull();
  });
});

describe('reminder messages (spec 1 §5, verbatim)', () => {
  it('asks for invoices and a channel first, then a type, then time and day', () => {
    expect(reminderProblem(choice({ invoiceIds: [] }))).toBe('Please, select invoice, alert mode and schedule type.');
    expect(reminderProblem(choice({ channels: [] }))).toBe('Please, select invoice, alert mode and schedule type.');
    expect(reminderProblem(choice({ type: null }))).toBe('Please, select alert mode.');
    expect(reminderProblem(choice({ type: 'once', time: null }))).toBe('Please, select time and day.');
    expect(reminderProblem(choice({ type: 'custom', days: [] }))).toBe('Please, select time and day.');
    expect(reminderProblem(choice({ type: 'daily', time: null, days: [] }))).toBe('Please, select time.');
    expect(reminderProblem(choice({ type: 'daily', days: [] }))).toBeNull();
    expect(reminderProblem(choice())).toBeNull();
    expect(Object.values(REMINDER_MESSAGES)).toHaveLength(4);
  });
});

describe('the reminder body', () => {
  it('maps the type, writes the days string and sends the category', () => {
    expect(
      reminderBody(choice({ invoiceIds: ['7', '9'], channels: ['email', 'whatsapp'], days: ['Tue', 'Fri'] })),
    ).toEqual({
      schedule_reminder: {
        time: '09.00',
        type: 'CUSTOM_DAYS',
        days: '0100100',
        invoice_ids: [7, 9],
        category_type: 'clear_dues_for_invoice',
        modes: ['whatsapp', 'email'],
      },
    });
    expect(reminderBody(choice({ type: 'once', days: ['Sun'] })).schedule_reminder).toMatchObject({
      type: 'ONCE',
      days: '0000001',
    });
    expect(reminderBody(choice({ type: 'daily', days: [] })).schedule_reminder).toMatchObject({
      type: 'DAILY',
      days: '1111111',
    });
  });
});

it('words the blocked-channel warning with the service name', () => {
  expect(blockedChannelText('whatsapp')).toBe('Please contact your admin to unblock the WhatsApp service.');
  expect(blockedChannelText('sms')).toBe('Please contact your admin to unblock the SMS service.');
  expect(blockedChannelText('email')).toBe('Please contact your admin to unblock the Email service.');
});
