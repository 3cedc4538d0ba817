import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest that a test drives by hand: it reports upload progress and
 * answers when told to, so a progress bar can be checked at each step.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];

  method = '';
  url = '';
  withCredentials = false;
  requestHeaders: Record<string, string> = {};
  body: Document | XMLHttpRequestBodyInit | null = null;
  status = 0;
  responseText = '';
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name] = value;
  }

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }

  send(body: Document | XMLHttpRequestBodyInit | null) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }

  /** The browser's upload progress event. */
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
    );
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }

  failConnection() {
    this.events.dispatchEvent(new Event('error'));
  }

  /** The field `name` of the multipart body sent. */
  formField(name: string): FormDataEntryValue | null {
    return this.body instanceof FormData ? this.body.get(name) : null;
  }
}

/** Replaces the global XMLHttpRequest for this test; `FakeXhr.sent` lists the uploads. */
export function stubXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.sent;
}
