import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Field } from '@/components/ui/field';
import { i18n } from '@/lib/i18n';
import { combinePhone, suggestedRegion } from '../lib/phone-countries';
import { PhoneField } from './phone-field';

function renderPhoneField(languages: readonly string[] = [], countryLabel = 'Country') {
  const onChange = vi.fn<(phone: string) => void>();
  render(
    <Field label="Phone number">
      {(control) => (
        <PhoneField
          control={control}
          onChange={onChange}
          onBlur={() => undefined}
          inputRef={() => undefined}
          languages={languages}
        />
      )}
    </Field>,
  );
  const country = screen.getByRole('combobox', { name: countryLabel });
  const number = screen.getByLabelText('Phone number');
  return { onChange, country, number, user: userEvent.setup() };
}

const lastValue = (onChange: { mock: { calls: [string][] } }) => onChange.mock.calls.at(-1)?.[0];

describe('phone field', () => {
  it('finds a country by name or calling code and lists it with its code', async () => {
    const { country, user } = renderPhoneField();

    await user.type(country, 'fran');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'France +33',
    ]);

    await user.clear(country);
    await user.type(country, '+44');
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toContain('United Kingdom +44');
    expect(options).toContain('Jersey +44');
    expect(options).not.toContain('France +33');

    // Names starting with the text come first.
    await user.clear(country);
    await user.type(country, 'fi');
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Fiji +679');
  });

  it('combines the chosen country with the national number, without its trunk 0', async () => {
    const { country, number, onChange, user } = renderPhoneField();

    await user.type(country, 'france');
    await user.click(screen.getByRole('option', { name: 'France +33' }));
    expect(country).toHaveValue('France');

    await user.type(number, '06 12 34 56 78');
    expect(lastValue(onChange)).toBe('+33612345678');
    expect(screen.getByText('+33')).toBeVisible();

    // Another country changes the code in front of the same number.
    await user.clear(country);
    await user.type(country, 'belg');
    await user.keyboard('{Enter}');
    expect(country).toHaveValue('Belgium');
    expect(lastValue(onChange)).toBe('+32612345678');
  });

  it('keeps a number typed in international format as it stands', async () => {
    const { number, onChange, user } = renderPhoneField(['en-US']);

    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
    await user.type(number, '+44 20 7946 0958');
    expect(lastValue(onChange)).toBe('+44 20 7946 0958');
  });

  it('starts on the country the browser names, or on none', () => {
    expect(suggestedRegion(['fr-BE', 'fr'])).toBe('BE');
    expect(suggestedRegion(['ar', 'en'])).toBeNull();
    expect(combinePhone(null, '0612345678')).toBe('0612345678');
    expect(combinePhone('IT', '06 1234 5678')).toBe('+390612345678');
  });

  it('leaving the box takes no highlighted country; emptying it chooses none', async () => {
    const { country, number, onChange, user } = renderPhoneField(['fr-FR']);
    await user.type(number, '0612345678');

    await user.clear(country);
    await user.type(country, 'ger');
    await user.tab();
    expect(country).toHaveValue('France');

    await user.clear(country);
    await user.tab();
    expect(country).toHaveValue('');
    expect(lastValue(onChange)).toBe('0612345678');
  });

  it('names the countries in Arabic and keeps the code and number left to right', async () => {
    await i18n.changeLanguage('ar');
    const { country, number, user } = renderPhoneField(['ar-EG'], 'البلد');

    expect(country).toHaveValue('مصر');
    // The code and the number sit in a left-to-right box of their own, the code on the left.
    const prefix = screen.getByText('+20');
    // eslint-disable-next-line testing-library/no-node-access -- the box's direction is the point
    const box = number.parentElement;
    expect(box).toHaveAttribute('dir', 'ltr');
    expect(box).toContainElement(prefix);
    expect(prefix.compareDocumentPosition(number) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.clear(country);
    await user.type(country, 'فرنسا');
    const option = screen.getByRole('option');
    expect(option).toHaveTextContent('فرنسا');
    expect(within(option).getByText('+33')).toHaveAttribute('dir', 'ltr');
  });
});
