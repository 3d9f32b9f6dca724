import type { HandlerContext } from '../context.js';

const MACROS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);
const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;
const FIELD = /^[0-9A-Za-z*?/,-]+$/;

/**
 * Refuses a schedule the CronJob controller cannot read: five cron fields, a macro such as
 * @daily, or `@every <duration>`. A time zone belongs in `timeZone`, not in the schedule.
 */
export function checkSchedule(schedule: string, ctx: HandlerContext): void {
  const fail = (why: string): never => ctx.fail(`schedule: ${JSON.stringify(schedule)} ${why}`, ['schedule']);
  const trimmed = schedule.trim();
  if (/^(CRON_)?TZ=/.test(trimmed)) fail('sets a time zone; use the timeZone property instead');
  if (trimmed.startsWith('@')) {
    const every = /^@every\s+(\S+)$/.exec(trimmed);
    if (MACROS.has(trimmed) || (every && DURATION.test(every[1]))) return;
    fail('is not a known macro (@yearly, @monthly, @weekly, @daily, @hourly, or @every <duration>)');
  }
  const fields = trimmed.split(/\s+/);
  if (fields.length !== 5 || !fields.every((field) => FIELD.test(field))) {
    fail('is not a cron schedule of five fields (minute hour day-of-month month day-of-week)');
  }
}

/** Refuses a time zone that is no IANA zone name; "Local" would depend on the controller's host. */
export function checkTimeZone(timeZone: string, ctx: HandlerContext): void {
  let known = timeZone !== '' && timeZone.toLowerCase() !== 'local';
  try {
    if (known) new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    known = false;
  }
  if (!known) ctx.fail(`timeZone: ${JSON.stringify(timeZone)} is not an IANA time zone name (such as "Europe/Brussels")`, ['timeZone']);
}
