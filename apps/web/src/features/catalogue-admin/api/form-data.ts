type FormValue = string | number | boolean | null | undefined;

/**
 * A multipart body for the catalogue's upload routes: every text field as the server's form
 * schema reads it (numbers and booleans as text, null as an empty field), and the image only
 * when one was chosen, so an edit without a new image keeps the old one.
 */
export function catalogueFormData(fields: Record<string, FormValue>, image: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.set(name, value === null ? '' : String(value));
  }
  if (image) form.set('image', image);
  return form;
}
