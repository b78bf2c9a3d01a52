/** Elements talk to their page through `bo-*` events that bubble out of the shadow root. */
export function emit<Detail>(
  host: EventTarget | null | undefined,
  name: `bo-${string}`,
  detail: Detail,
): void {
  host?.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}
