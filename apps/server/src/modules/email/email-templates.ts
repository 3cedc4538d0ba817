import type { z } from 'zod';
import type { notificationSchema } from '@keymarket/contracts/notifications';
import type { Role } from '@keymarket/contracts/users';
import type { AccountEmailType } from './email-outbox';

export type EmailLanguage = 'en' | 'fr' | 'ar';

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
    case 'password.reset':
      return content.data.resetUrl;
    case 'password.changed':
      return `${publicUrl}/login`;
  }
}

type Texts = (content: EmailContent, url: string, language: EmailLanguage) => Parts;

const en: Texts = (c, url, l) => {
  switch (c.type) {
    case 'order.completed':
      return {
        subject: `Your order of ${c.data.productName} is complete`,
        lines: [
          `Your order of ${c.data.quantity} × ${c.data.productName} (${money(l, c.data.totalAmount)}) is complete.`,
          'Open the order on the site to see what it delivered.',
        ],
        action: { label: 'View the order', url },
      };
    case 'order.rejected':
      return {
        subject: `Your order of ${c.data.productName} was rejected`,
        lines: [
          `Your order of ${c.data.quantity} × ${c.data.productName} was rejected and ${money(l, c.data.totalAmount)} was refunded to your balance.`,
          ...(c.data.reason ? [`Reason: ${c.data.reason}`] : []),
        ],
        action: { label: 'View the order', url },
      };
    case 'order.pending':
      return {
        subject: `An order waits for you: ${c.data.productName}`,
        lines: [
          `${c.data.buyer.username} ordered ${c.data.quantity} × ${c.data.productName} (${money(l, c.data.totalAmount)}). It waits for your answer.`,
        ],
        action: { label: 'Answer the order', url },
      };
    case 'balance.credited':
      return {
        subject: `${money(l, c.data.amount)} added to your balance`,
        lines: [
          `${money(l, c.data.amount)} was added to your balance${c.data.actor ? ` by ${c.data.actor.username}` : ''}. Your balance is now ${money(l, c.data.balanceAfter)}.`,
        ],
        action: { label: 'View your statement', url },
      };
    case 'profit.credited':
      return {
        subject: 'You earned profit from your network',
        lines: [`Your network's sales earned you ${money(l, c.data.amount)}.`],
        action: { label: 'View your statement', url },
      };
    case 'order.key_replaced':
      return {
        subject: `A key of your order of ${c.data.productName} was replaced`,
        lines: [
          `Key ${c.data.keyIndex + 1} of your order of ${c.data.productName} was replaced by a new one, at no cost. The old key will not work any more.`,
          'Open the order on the site to see the new key.',
        ],
        action: { label: 'View the order', url },
      };
    case 'order.unit_refunded':
      return {
        subject: `A key of your order of ${c.data.productName} was refunded`,
        lines: [
          `Key ${c.data.keyIndex + 1} of your order of ${c.data.productName} was refunded: ${money(l, c.data.amount)} was added to your balance.`,
        ],
        action: { label: 'View the order', url },
      };
    case 'ticket.answered':
      return {
        subject: `Your ticket was answered: ${c.data.subject}`,
        lines: [`An administrator answered your ticket "${c.data.subject}".`],
        action: { label: 'Read the answer', url },
      };
    case 'ticket.opened':
      return {
        subject: `New ticket: ${c.data.subject}`,
        lines: [`${c.data.author.username} opened a ticket: "${c.data.subject}".`],
        action: { label: 'Open the tickets', url },
      };
    case 'ticket.replied':
      return {
        subject: `New message on a ticket: ${c.data.subject}`,
        lines: [`${c.data.author.username} wrote again on the ticket "${c.data.subject}".`],
        action: { label: 'Read the conversation', url },
      };
    case 'stock.low':
      return {
        subject: `Low stock: ${c.data.productName}`,
        lines: [
          `${c.data.productName} is down to ${c.data.stock} in stock (threshold ${c.data.threshold}).`,
        ],
        action: { label: 'Open the product', url },
      };
    case 'webhook.disabled':
      return {
        subject: 'Your webhook was disabled',
        lines: [
          `Every delivery to your webhook ${c.data.url} failed for 24 hours, so it was disabled and nothing more is sent to it.`,
          'Fix the endpoint, then enable it again on the API & webhooks screen; its failed deliveries can be retried from there.',
        ],
        action: { label: 'Open API & webhooks', url },
      };
    case 'topup.requested':
      return {
        subject: `Top-up request from ${c.data.requester.username}`,
        lines: [
          `${c.data.requester.username} asks for a top-up of ${inCurrency(l, c.data.amount, c.data.currencyCode)} (${money(l, c.data.creditAmount)} to credit). It waits for your decision.`,
        ],
        action: { label: 'Open the top-up requests', url },
      };
    case 'topup.approved':
      return {
        subject: `Your top-up of ${inCurrency(l, c.data.amount, c.data.currencyCode)} was approved`,
        lines: [`${money(l, c.data.creditAmount)} was added to your balance.`],
        action: { label: 'View your top-ups', url },
      };
    case 'topup.rejected':
      return {
        subject: `Your top-up of ${inCurrency(l, c.data.amount, c.data.currencyCode)} was rejected`,
        lines: [`Reason: ${c.data.reason}`],
        action: { label: 'View your top-ups', url },
      };
    case 'password.reset':
      return {
        subject: 'Reset your password',
        lines: [
          'Someone asked to reset the password of your account. The link below works once, for 30 minutes.',
        ],
        action: { label: 'Choose a new password', url },
        footnote: 'If you did not ask for it, ignore this email: your password stays as it is.',
      };
    case 'password.changed':
      return {
        subject: 'Your password was changed',
        lines: ['The password of your account was just reset, and every session was signed out.'],
        action: { label: 'Sign in', url },
        footnote: 'If you did not do this, contact support at once.',
      };
  }
};

const fr: Texts = (c, url, l) => {
  switch (c.type) {
    case 'order.completed':
      return {
        subject: `Votre commande de ${c.data.productName} est terminée`,
        lines: [
          `Votre commande de ${c.data.quantity} × ${c.data.productName} (${money(l, c.data.totalAmount)}) est terminée.`,
          'Ouvrez la commande sur le site pour voir ce qu’elle a livré.',
        ],
        action: { label: 'Voir la commande', url },
      };
    case 'order.rejected':
      return {
        subject: `Votre commande de ${c.data.productName} a été refusée`,
        lines: [
          `Votre commande de ${c.data.quantity} × ${c.data.productName} a été refusée et ${money(l, c.data.totalAmount)} ont été remboursés sur votre solde.`,
          ...(c.data.reason ? [`Motif : ${c.data.reason}`] : []),
        ],
        action: { label: 'Voir la commande', url },
      };
    case 'order.pending':
      return {
        subject: `Une commande vous attend : ${c.data.productName}`,
        lines: [
          `${c.data.buyer.username} a commandé ${c.data.quantity} × ${c.data.productName} (${money(l, c.data.totalAmount)}). Elle attend votre réponse.`,
        ],
        action: { label: 'Répondre à la commande', url },
      };
    case 'balance.credited':
      return {
        subject: `${money(l, c.data.amount)} ajoutés à votre solde`,
        lines: [
          `${money(l, c.data.amount)} ont été ajoutés à votre solde${c.data.actor ? ` par ${c.data.actor.username}` : ''}. Votre solde est maintenant de ${money(l, c.data.balanceAfter)}.`,
        ],
        action: { label: 'Voir votre relevé', url },
      };
    case 'profit.credited':
      return {
        subject: 'Votre réseau vous a rapporté un bénéfice',
        lines: [`Les ventes de votre réseau vous ont rapporté ${money(l, c.data.amount)}.`],
        action: { label: 'Voir votre relevé', url },
      };
    case 'order.key_replaced':
      return {
        subject: `Une clé de votre commande de ${c.data.productName} a été remplacée`,
        lines: [
          `La clé ${c.data.keyIndex + 1} de votre commande de ${c.data.productName} a été remplacée par une nouvelle, sans frais. L’ancienne clé ne fonctionnera plus.`,
          'Ouvrez la commande sur le site pour voir la nouvelle clé.',
        ],
        action: { label: 'Voir la commande', url },
      };
    case 'order.unit_refunded':
      return {
        subject: `Une clé de votre commande de ${c.data.productName} a été remboursée`,
        lines: [
          `La clé ${c.data.keyIndex + 1} de votre commande de ${c.data.productName} a été remboursée : ${money(l, c.data.amount)} ont été ajoutés à votre solde.`,
        ],
        action: { label: 'Voir la commande', url },
      };
    case 'ticket.answered':
      return {
        subject: `Réponse à votre ticket : ${c.data.subject}`,
        lines: [`Un administrateur a répondu à votre ticket « ${c.data.subject} ».`],
        action: { label: 'Lire la réponse', url },
      };
    case 'ticket.opened':
      return {
        subject: `Nouveau ticket : ${c.data.subject}`,
        lines: [`${c.data.author.username} a ouvert un ticket : « ${c.data.subject} ».`],
        action: { label: 'Ouvrir les tickets', url },
      };
    case 'ticket.replied':
      return {
        subject: `Nouveau message sur un ticket : ${c.data.subject}`,
        lines: [
          `${c.data.author.username} a écrit de nouveau sur le ticket « ${c.data.subject} ».`,
        ],
        action: { label: 'Lire la conversation', url },
      };
    case 'stock.low':
      return {
        subject: `Stock bas : ${c.data.productName}`,
        lines: [
          `Il ne reste que ${c.data.stock} de ${c.data.productName} en stock (seuil ${c.data.threshold}).`,
        ],
        action: { label: 'Ouvrir le produit', url },
      };
    case 'webhook.disabled':
      return {
        subject: 'Votre webhook a été désactivé',
        lines: [
          `Toutes les livraisons vers votre webhook ${c.data.url} ont échoué pendant 24 heures : il a été désactivé et plus rien ne lui est envoyé.`,
          'Corrigez le point de terminaison, puis réactivez-le sur l’écran API et webhooks ; ses livraisons échouées peuvent y être relancées.',
        ],
        action: { label: 'Ouvrir API et webhooks', url },
      };
    case 'topup.requested':
      return {
        subject: `Demande de recharge de ${c.data.requester.username}`,
        lines: [
          `${c.data.requester.username} demande une recharge de ${inCurrency(l, c.data.amount, c.data.currencyCode)} (${money(l, c.data.creditAmount)} à créditer). Elle attend votre décision.`,
        ],
        action: { label: 'Ouvrir les demandes de recharge', url },
      };
    case 'topup.approved':
      return {
        subject: `Votre recharge de ${inCurrency(l, c.data.amount, c.data.currencyCode)} a été approuvée`,
        lines: [`${money(l, c.data.creditAmount)} ont été ajoutés à votre solde.`],
        action: { label: 'Voir vos recharges', url },
      };
    case 'topup.rejected':
      return {
        subject: `Votre recharge de ${inCurrency(l, c.data.amount, c.data.currencyCode)} a été refusée`,
        lines: [`Motif : ${c.data.reason}`],
        action: { label: 'Voir vos recharges', url },
      };
    case 'password.reset':
      return {
        subject: 'Réinitialisez votre mot de passe',
        lines: [
          'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte. Le lien ci-dessous fonctionne une fois, pendant 30 minutes.',
        ],
        action: { label: 'Choisir un nouveau mot de passe', url },
        footnote:
          'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
      };
    case 'password.changed':
      return {
        subject: 'Votre mot de passe a été modifié',
        lines: [
          'Le mot de passe de votre compte vient d’être réinitialisé et toutes les sessions ont été fermées.',
        ],
        action: { label: 'Se connecter', url },
        footnote: 'Si ce n’était pas vous, contactez le support immédiatement.',
      };
  }
};

const ar: Texts = (c, url, l) => {
  switch (c.type) {
    case 'order.completed':
      return {
        subject: `اكتمل طلبك لـ ${c.data.productName}`,
        lines: [
          `اكتمل طلبك لـ ${c.data.quantity} × ${c.data.productName} (${money(l, c.data.totalAmount)}).`,
          'افتح الطلب على الموقع لترى ما تم تسليمه.',
        ],
        action: { label: 'عرض الطلب', url },
      };
    case 'order.rejected':
      return {
        subject: `تم رفض طلبك لـ ${c.data.productName}`,
        lines: [
          `تم رفض طلبك لـ ${c.data.quantity} × ${c.data.productName} واسترداد ${money(l, c.data.totalAmount)} إلى رصيدك.`,
          ...(c.data.reason ? [`السبب: ${c.data.reason}`] : []),
        ],
        action: { label: 'عرض الطلب', url },
      };
    case 'order.pending':
      return {
        subject: `طلب بانتظارك: ${c.data.productName}`,
        lines: [
          `طلب ${c.data.buyer.username} ${c.data.quantity} × ${c.data.productName} (${money(l, c.data.totalAmount)}). الطلب بانتظار ردك.`,
        ],
        action: { label: 'الرد على الطلب', url },
      };
    case 'balance.credited':
      return {
        subject: `أُضيف ${money(l, c.data.amount)} إلى رصيدك`,
        lines: [
          `أُضيف ${money(l, c.data.amount)} إلى رصيدك${c.data.actor ? ` بواسطة ${c.data.actor.username}` : ''}. رصيدك الآن ${money(l, c.data.balanceAfter)}.`,
        ],
        action: { label: 'عرض كشف الحساب', url },
      };
    case 'profit.credited':
      return {
        subject: 'حققت ربحًا من شبكتك',
        lines: [`حققت لك مبيعات شبكتك ${money(l, c.data.amount)}.`],
        action: { label: 'عرض كشف الحساب', url },
      };
    case 'order.key_replaced':
      return {
        subject: `تم استبدال مفتاح من طلبك لـ ${c.data.productName}`,
        lines: [
          `تم استبدال المفتاح ${c.data.keyIndex + 1} من طلبك لـ ${c.data.productName} بمفتاح جديد دون أي تكلفة. لن يعمل المفتاح القديم بعد الآن.`,
          'افتح الطلب على الموقع لرؤية المفتاح الجديد.',
        ],
        action: { label: 'عرض الطلب', url },
      };
    case 'order.unit_refunded':
      return {
        subject: `تم استرداد ثمن مفتاح من طلبك لـ ${c.data.productName}`,
        lines: [
          `تم استرداد ثمن المفتاح ${c.data.keyIndex + 1} من طلبك لـ ${c.data.productName}: أضيف ${money(l, c.data.amount)} إلى رصيدك.`,
        ],
        action: { label: 'عرض الطلب', url },
      };
    case 'ticket.answered':
      return {
        subject: `تم الرد على تذكرتك: ${c.data.subject}`,
        lines: [`رد أحد المسؤولين على تذكرتك «${c.data.subject}».`],
        action: { label: 'قراءة الرد', url },
      };
    case 'ticket.opened':
      return {
        subject: `تذكرة جديدة: ${c.data.subject}`,
        lines: [`فتح ${c.data.author.username} تذكرة: «${c.data.subject}».`],
        action: { label: 'فتح التذاكر', url },
      };
    case 'ticket.replied':
      return {
        subject: `رسالة جديدة في تذكرة: ${c.data.subject}`,
        lines: [`كتب ${c.data.author.username} من جديد في التذكرة «${c.data.subject}».`],
        action: { label: 'قراءة المحادثة', url },
      };
    case 'stock.low':
      return {
        subject: `مخزون منخفض: ${c.data.productName}`,
        lines: [
          `بقي ${c.data.stock} فقط من ${c.data.productName} في المخزون (الحد ${c.data.threshold}).`,
        ],
        action: { label: 'فتح المنتج', url },
      };
    case 'webhook.disabled':
      return {
        subject: 'تم تعطيل الـ webhook الخاص بك',
        lines: [
          `فشلت كل عمليات التسليم إلى الـ webhook ‏${c.data.url} طوال 24 ساعة، لذا تم تعطيله ولن يُرسل إليه شيء بعد الآن.`,
          'أصلح نقطة الاستقبال ثم فعّلها من جديد في شاشة الـ API والـ webhooks؛ ويمكن إعادة محاولة عمليات التسليم الفاشلة من هناك.',
        ],
        action: { label: 'فتح الـ API والـ webhooks', url },
      };
    case 'topup.requested':
      return {
        subject: `طلب شحن رصيد من ${c.data.requester.username}`,
        lines: [
          `يطلب ${c.data.requester.username} شحن رصيد بمبلغ ${inCurrency(l, c.data.amount, c.data.currencyCode)} (${money(l, c.data.creditAmount)} للإضافة). الطلب بانتظار قرارك.`,
        ],
        action: { label: 'فتح طلبات الشحن', url },
      };
    case 'topup.approved':
      return {
        subject: `تمت الموافقة على شحن رصيدك بمبلغ ${inCurrency(l, c.data.amount, c.data.currencyCode)}`,
        lines: [`أُضيف ${money(l, c.data.creditAmount)} إلى رصيدك.`],
        action: { label: 'عرض عمليات الشحن', url },
      };
    case 'topup.rejected':
      return {
        subject: `تم رفض شحن رصيدك بمبلغ ${inCurrency(l, c.data.amount, c.data.currencyCode)}`,
        lines: [`السبب: ${c.data.reason}`],
        action: { label: 'عرض عمليات الشحن', url },
      };
    case 'password.reset':
      return {
        subject: 'إعادة تعيين كلمة المرور',
        lines: [
          'طلب أحدهم إعادة تعيين كلمة مرور حسابك. يعمل الرابط أدناه مرة واحدة خلال 30 دقيقة.',
        ],
        action: { label: 'اختيار كلمة مرور جديدة', url },
        footnote: 'إن لم تطلب ذلك فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
      };
    case 'password.changed':
      return {
        subject: 'تم تغيير كلمة المرور',
        lines: ['تمت إعادة تعيين كلمة مرور حسابك للتو وتم تسجيل الخروج من جميع الجلسات.'],
        action: { label: 'تسجيل الدخول', url },
        footnote: 'إن لم تقم بذلك فاتصل بالدعم فورًا.',
      };
  }
};

const texts: Record<EmailLanguage, Texts> = { en, fr, ar };
const greetings: Record<EmailLanguage, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  fr: (name) => `Bonjour ${name},`,
  ar: (name) => `مرحبًا ${name}،`,
};

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
  const parts = texts[language](content, linkOf(content, context), language);
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const subject = `${parts.subject} · ${context.siteName}`;
  const greeting = greetings[language](context.username);
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
