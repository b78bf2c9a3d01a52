/** Adds a third-party script to the page once; resolves when it has loaded. */
export function loadScript(src: string): Promise<void> {
  const existing = [...document.scripts].some((script) => script.getAttribute('src') === src);
  if (existing) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.append(script);
  });
}
