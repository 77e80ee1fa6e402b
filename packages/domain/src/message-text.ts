/**
 * English text of the domain's messages by id or descriptor (docs/product.md#errors-and-messages):
 * what the server answers and what a message id means outside the web app's catalogs.
 */
import { allMessages, type MessageDescriptor } from './messages.ts';

/** English default text of a message id; the id itself when unknown (docs/product.md#errors-and-messages). */
export function messageText(id: string): string {
  return Object.hasOwn(allMessages, id) ? allMessages[id]!.defaultMessage : id;
}

/**
 * The descriptor of a message id (e.g. a zod issue's message); `{id, defaultMessage: id}` if
 * unknown (docs/product.md#limits and #errors-and-messages).
 */
export function messageDescriptor(id: string): MessageDescriptor {
  return Object.hasOwn(allMessages, id) ? allMessages[id]! : { id, defaultMessage: id };
}

/** Values for the `{name}` placeholders of a message. */
export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * English text of a descriptor or id with its `{name}` placeholders filled in, e.g.
 * `formatMessage(apiMessages.httpStatus, { status: 500, statusText: 'Oops' })`.
 * Placeholders without a value are left as they are (docs/product.md#errors-and-messages).
 */
export function formatMessage(
  message: MessageDescriptor | string,
  values: MessageValues = {},
): string {
  const text = typeof message === 'string' ? messageText(message) : message.defaultMessage;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
