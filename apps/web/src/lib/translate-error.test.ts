import { describe, expect, it } from 'vitest';
import { messages, messageTemplates } from '@keymarket/contracts/messages';
import { ApiError } from './api-error';
import { i18n } from './i18n';
import { describeApiError, describeRefusal, translateFieldError } from './translate-error';

function apiError(type: ApiError['type'], text: string, status = 400): ApiError {
  return new ApiError(status, { statusCode: status, message: { type, text } });
}

describe('describeApiError', () => {
  it('translates a fixed message of the specification', async () => {
    await i18n.changeLanguage('fr');
    const error = apiError('invalid_credentials', messages.loginFailed, 401);

    expect(describeApiError(error, i18n.t)).toBe(
      'La connexion a échoué. Veuillez vérifier vos identifiants.',
    );
  });

  it("translates the server's not-found and catalogue refusals", async () => {
    await i18n.changeLanguage('ar');
    expect(describeApiError(apiError('not_found', messages.productNotFound, 404), i18n.t)).toBe(
      'المنتج غير موجود',
    );
    await i18n.changeLanguage('fr');
    expect(
      describeApiError(apiError('conflict', messages.unsoldKeysBlockRequest, 409), i18n.t),
    ).toBe(
      'Ce produit a encore des clés invendues : il ne peut pas devenir un produit sur demande',
    );
  });

  it('falls back to the translated error type for free server text', async () => {
    await i18n.changeLanguage('ar');
    const error = apiError('inactive', 'Your account is not active yet.', 403);

    expect(describeApiError(error, i18n.t)).toBe(
      'حسابك غير مفعّل بعد. يُرجى التواصل مع أحد المسؤولين.',
    );
  });

  it('shows the reason of a ban as the server sent it, not as read back from the text', async () => {
    await i18n.changeLanguage('fr');
    const reason = 'Chargebacks: orders 41, 42';
    const error = new ApiError(403, {
      statusCode: 403,
      message: { type: 'banned', text: `Your account has been banned: ${reason}`, reason },
    });

    expect(describeApiError(error, i18n.t)).toBe(
      'Votre compte a été banni. Motif : Chargebacks: orders 41, 42',
    );
    expect(describeApiError(apiError('banned', 'Your account has been banned', 403), i18n.t)).toBe(
      'Votre compte a été banni.',
    );
  });

  it('says something went wrong for errors that are not API errors', () => {
    expect(describeApiError(new Error('boom'), i18n.t)).toBe('Something went wrong');
  });
});

describe('translateFieldError', () => {
  it('translates catalogue texts and falls back to the zod issue code', async () => {
    await i18n.changeLanguage('fr');

    expect(translateFieldError({ type: 'too_small', message: messages.usernameMin }, i18n.t)).toBe(
      'Le nom d’utilisateur doit contenir au moins 3 caractères',
    );
    expect(
      translateFieldError(
        { type: 'too_big', message: 'Username cannot exceed 32 characters' },
        i18n.t,
      ),
    ).toBe('Le nom d’utilisateur ne peut pas dépasser 32 caractères');
    expect(
      translateFieldError({ type: 'too_big', message: 'Some text we never catalogued' }, i18n.t),
    ).toBe('Cette valeur est trop longue ou trop grande');
  });
});

describe('describeRefusal', () => {
  const shortfall = messageTemplates.marginShortfall.text({
    seller: 'demo_manager1',
    amount: '$4.00',
  });

  it("translates a templated refusal with the seller's name and the amount in it", async () => {
    await i18n.changeLanguage('ar');
    const { title, text } = describeRefusal(apiError('conflict', shortfall, 409), i18n.t);
    expect(text).toBeUndefined();
    expect(title).toContain('demo_manager1');
    expect(title).toContain('$4.00');
    expect(title).toMatch(/^مرفوض/);
    await i18n.changeLanguage('en');
    expect(describeRefusal(apiError('conflict', shortfall, 409), i18n.t).title).toBe(
      'Refused: demo_manager1 cannot give back the $4.00 margin this unit paid, because their profit and balance together hold less',
    );
  });

  it("shows the server's own sentence under the type when the contracts do not know it", async () => {
    await i18n.changeLanguage('fr');
    const refusal = describeRefusal(apiError('conflict', 'Something the server said', 409), i18n.t);
    expect(refusal).toEqual({
      title: describeApiError(apiError('conflict', '', 409), i18n.t),
      text: 'Something the server said',
    });
    // An internal error's text tells the reader nothing.
    expect(describeRefusal(apiError('internal', 'Something went wrong', 500), i18n.t).text).toBe(
      undefined,
    );
  });
});
