import type { z } from 'zod';
import type { notificationSchema } from '@keymarket/contracts/notifications';
import type { Role } from '@keymarket/contracts/users';
import type { AccountEmailType } from './email-outbox';
import ar from './locales/ar.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };

export type EmailLanguage = 'en' | 'fr' | 'ar';

/**
 * The emails' texts, one file per language (`locales/*.json`) like the web app's: under each
 * email's type its subject, lines, button and footnote, with `{{value}}` where data goes.
 * email-locales.test.ts holds every language to the same keys and values.
 */
export const emailLocales: Record<EmailLanguage, typeof en> = { en, fr, ar };
const locales = emailLocales;

/** What an email says: a notification's entry, or an account email. Never a product key. */
export type EmailContent =
  | z.infer<typeof notificationSchema>
  | { type: Extract<AccountEmailType, 'password.reset'>; data: { resetUrl: string } }
  | { type: Extract<AccountEmailType, 'password.changed'>; data: Record<string, never> };

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

interface Context {
  siteName: string;
  publicUrl: string;
  role: Role;
  username: string;
}

interface Parts {
  subject: string;
  lines: string[];
  /** The button's text and where it leads. */
  action: { label: string; url: string };
  /** A last, quieter line. */
  footnote?: string;
}

const money = (language: EmailLanguage, amount: number) =>
  new Intl.NumberFormat(language === 'ar' ? 'ar' : language, {
    style: 'currency',
    currency: 'USD',
  }).format(amount);

/** An amount in a top-up method's currency; a code Intl does not know is written after the figure. */
const inCurrency = (language: EmailLanguage, amount: number, code: string) => {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: code }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${code}`;
  }
};

/** Where each email leads in the web app (the same places as the bell's entries). */
function linkOf(content: EmailContent, { publicUrl, role }: Context): string {
  const area = `${publicUrl}/${role}`;
  switch (content.type) {
    case 'order.completed':
    case 'order.rejected':
    case 'order.pending':
    case 'order.key_replaced':
    case 'order.unit_refunded':
      return `${area}/orders?order=${encodeURIComponent(content.data.orderId)}`;
    case 'ticket.answered':
    case 'ticket.opened':
    case 'ticket.replied':
      return `${area}/tickets?ticket=${encodeURIComponent(content.data.ticketId)}`;
    case 'balance.credited':
      return `${area}/statement?bucket=balance`;
    case 'profit.credited':
      return `${area}/statement?bucket=profit`;
    case 'stock.low':
      return `${area}/products?search=${encodeURIComponent(content.data.productName)}`;
    case 'webhook.disabled':
      return `${area}/api`;
    case 'topup.requested':
      return `${area}/topup-requests`;
    case 'topup.approved':
    case 'topup.rejected':
      return `${area}/topup`;
    case 'upstream.balance_low':
      return `${area}/suppliers`;
    case 'password.reset':
      return content.data.resetUrl;
    case 'password.changed':
      return `${publicUrl}/login`;
  }
}

type Values = Record<string, string | number>;

/**
 * Each email's texts, in order: the keys under its type in the language files, and the values
 * they name. Only the values are worked out here (amounts formatted in the reader's language).
 */
function messageOf(c: EmailContent, l: EmailLanguage): { lines: string[]; values: Values } {
  switch (c.type) {
    case 'order.completed':
      return {
        lines: ['text', 'see'],
        values: { ...orderValues(c.data), total: money(l, c.data.totalAmount) },
      };
    case 'order.rejected':
      return {
        lines: c.data.reason ? ['text', 'reason'] : ['text'],
        values: {
          ...orderValues(c.data),
          total: money(l, c.data.totalAmount),
          reason: c.data.reason ?? '',
        },
      };
    case 'order.pending':
      return {
        lines: ['text'],
        values: {
          ...orderValues(c.data),
          total: money(l, c.data.totalAmount),
          buyer: c.data.buyer.username,
        },
      };
    case 'balance.credited':
      return {
        lines: [c.data.actor ? 'textBy' : 'text'],
        values: {
          amount: money(l, c.data.amount),
          balance: money(l, c.data.balanceAfter),
          actor: c.data.actor?.username ?? '',
        },
      };
    case 'profit.credited':
      return { lines: ['text'], values: { amount: money(l, c.data.amount) } };
    case 'order.key_replaced':
      return {
        lines: ['text', 'see'],
        values: { ...orderValues(c.data), key: c.data.keyIndex + 1 },
      };
    case 'order.unit_refunded':
      return {
        lines: ['text'],
        values: {
          ...orderValues(c.data),
          key: c.data.keyIndex + 1,
          amount: money(l, c.data.amount),
        },
      };
    case 'ticket.answered':
      return { lines: ['text'], values: { subject: c.data.subject } };
    case 'ticket.opened':
    case 'ticket.replied':
      return {
        lines: ['text'],
        values: { subject: c.data.subject, author: c.data.author.username },
      };
    case 'stock.low':
      return {
        lines: ['text'],
        values: {
          productName: c.data.productName,
          stock: c.data.stock,
          threshold: c.data.threshold,
        },
      };
    case 'webhook.disabled':
      return { lines: ['text', 'fix'], values: { url: c.data.url } };
    case 'topup.requested':
      return {
        lines: ['text'],
        values: { ...topupValues(c.data, l), requester: c.data.requester.username },
      };
    case 'topup.approved':
      return { lines: ['text'], values: topupValues(c.data, l) };
    case 'topup.rejected':
      return { lines: ['reason'], values: { ...topupValues(c.data, l), reason: c.data.reason } };
    case 'upstream.balance_low':
      return {
        lines: ['text', 'fix'],
        values: {
          upstreamName: c.data.upstreamName,
          balance: money(l, c.data.balance),
          threshold: money(l, c.data.threshold),
        },
      };
    case 'password.reset':
    case 'password.changed':
      return { lines: ['text'], values: {} };
  }
}

const orderValues = (data: { productName: string; quantity: number }) => ({
  productName: data.productName,
  quantity: data.quantity,
});

const topupValues = (
  data: { amount: number; currencyCode: string; creditAmount: number },
  l: EmailLanguage,
) => ({
  requested: inCurrency(l, data.amount, data.currencyCode),
  credit: money(l, data.creditAmount),
});

/**
 * A value as an email writes it in `language`: in Arabic wrapped in a first-strong isolate
 * (U+2068 … U+2069), as the web app does (apps/web/src/lib/i18n.ts), so a product's name, a
 * username or "10,00 $US" stays whole inside the right-to-left sentence, in the HTML as in the
 * plain text; a plain count has nothing to reorder.
 */
export function emailValue(value: string | number, language: EmailLanguage): string {
  const text = String(value);
  return language === 'ar' && !/^\d+$/.test(text) ? `\u2068${text}\u2069` : text;
}

/** `{{name}}` in a text replaced by its value; a value the text names but lacks is a bug. */
function fill(text: string, values: Values, language: EmailLanguage): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`An email text names {{${name}}}, which has no value`);
    return emailValue(value, language);
  });
}

function partsOf(content: EmailContent, url: string, language: EmailLanguage): Parts {
  const texts: Record<string, string | undefined> = locales[language][content.type];
  const { lines, values } = messageOf(content, language);
  const say = (key: string) => {
    const text = texts[key];
    if (text === undefined) throw new Error(`No ${language} text ${content.type}.${key}`);
    return fill(text, values, language);
  };
  return {
    subject: say('subject'),
    lines: lines.map(say),
    action: { label: say('action'), url },
    ...(texts.footnote === undefined ? {} : { footnote: say('footnote') }),
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/**
 * One email in `language`: the subject, an HTML body (`lang` and `dir`: right to left for
 * Arabic) and its plain-text alternative. Every value from the data is escaped in the HTML.
 */
export function renderEmail(
  content: EmailContent,
  language: EmailLanguage,
  context: Context,
): RenderedEmail {
  const parts = partsOf(content, linkOf(content, context), language);
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const subject = `${parts.subject} · ${emailValue(context.siteName, language)}`;
  const greeting = fill(locales[language].greeting, { name: context.username }, language);
  const text = [
    greeting,
    '',
    ...parts.lines,
    '',
    `${parts.action.label}: ${parts.action.url}`,
    ...(parts.footnote ? ['', parts.footnote] : []),
    '',
    `— ${context.siteName}`,
  ].join('\n');
  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body dir="${dir}" style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,'Segoe UI',Tahoma,Arial,sans-serif;color:#18181b">
<div dir="${dir}" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;text-align:${dir === 'rtl' ? 'right' : 'left'}">
<p style="margin:0 0 16px;font-weight:600">${escapeHtml(context.siteName)}</p>
${paragraph(greeting)}
${parts.lines.map(paragraph).join('\n')}
<p style="margin:20px 0"><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:#2563eb;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>
${parts.footnote ? `<p style="margin:0;color:#71717a;font-size:13px">${escapeHtml(parts.footnote)}</p>` : ''}
</div>
</body>
</html>`;
  return { subject, html, text };
}
