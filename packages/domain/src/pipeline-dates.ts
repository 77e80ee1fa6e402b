/**
 * The pipeline's calendar rules as plain functions (docs/product.md#project-pipeline):
 * whether a `YYYY-MM-DD` day exists, which day "today" is, and that inspections and
 * installations are not scheduled in the past. No schema library: the dashboard's work
 * queue (overdue dates) needs them without the request schemas of pipeline-contract.ts.
 */
import { pipelineMessages } from './messages.ts';
import { PIPELINE_RULES, type PipelineAction } from './pipeline.ts';

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The calendar day `YYYY-MM-DD` of instant `nowMs` (epoch ms) in `timeZone` (an IANA name,
 * default UTC): "today" for the date rules below.
 */
export function calendarDayOf(nowMs: number, timeZone = 'UTC'): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(nowMs);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/**
 * Whether calendar day `date` (`YYYY-MM-DD`) lies before today, today being the day of
 * `nowMs` (epoch ms, the caller's clock) in `timeZone` (default UTC). Today is not past.
 */
export function isPastDate(date: string, nowMs: number, timeZone = 'UTC'): boolean {
  return date < calendarDayOf(nowMs, timeZone);
}

/**
 * The date rule of a transition (docs/product.md#project-pipeline): an inspection or an
 * installation is scheduled for today or later. Answers the field errors
 * (`{ date: 'pipeline.datePast' }`, a message id) or null when the body is fine; `nowMs` is
 * the clock (epoch ms), `timeZone` the business's (default UTC).
 */
export function transitionDateErrors(
  body: { readonly action: PipelineAction; readonly date?: string | undefined },
  nowMs: number,
  timeZone = 'UTC',
): Record<string, string> | null {
  const schedules = PIPELINE_RULES[body.action].needs === 'date';
  if (!schedules || !body.date || !isCalendarDate(body.date)) return null;
  return isPastDate(body.date, nowMs, timeZone) ? { date: pipelineMessages.datePast.id } : null;
}
