/**
 * The page's first script: it decides when the app's scripts are fetched.
 *
 * A page the browser renders (the private ones arrive as an empty shell) needs them at once. A page the server
 * rendered is already readable, and its links work, before any script runs: there the app is fetched only once the
 * first view's main pictures are on screen, so on a slow connection the ~115 KB of scripts do not share the
 * bandwidth with the picture the visitor is waiting for. The visitor does not wait for the scripts either: the first
 * press, key or tap fetches them at once, and a click or an edit made before they ran is carried out again after.
 */

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Lets the browser paint and answer input before the next step. */
const nextTask = () => delay(0);

/** What the visitor did before the app ran, to be done again once it has. */
const early: Array<() => void> = [];
let loading: Promise<void> | undefined;

function loadApp(): Promise<void> {
  loading ??= (async () => {
    await preloadListedModules();
    // The libraries first, then the app, each in a task of its own, so neither holds up a tap for long.
    await import('./app-libraries');
    await nextTask();
    const app = await import('./main');
    await app.firstPageShown;
    stopCapturing();
    // One at a time, each after the app has rendered what the one before changed: a form sent after an edit must
    // see the edit.
    for (const again of early.splice(0)) {
      await nextTask();
      again();
    }
  })();
  return loading;
}

/**
 * Requests started per task. Starting one costs the main thread about a millisecond on a slow phone, so the thirty
 * or so modules of a page, started at once, made the longest task of its start.
 */
const PRELOADS_PER_TASK = 4;

/**
 * The app's modules and the page's, listed by the server (`<meta name="app-modules">`): all fetched before the app
 * is evaluated, in steps, and the page's beside the app rather than after it, when its router asks for them.
 */
async function preloadListedModules(): Promise<void> {
  const listed = (document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content ?? '')
    .split(' ')
    .filter(Boolean);
  for (let start = 0; start < listed.length; start += PRELOADS_PER_TASK) {
    if (start > 0) await nextTask();
    const links = document.createDocumentFragment();
    for (const href of listed.slice(start, start + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = '';
      links.append(link);
    }
    document.head.append(links);
  }
}

/** Buttons and other controls whose click the app handles; a link is left to the browser, which follows it. */
const CONTROLS = 'button, [role="button"], summary, label, input, select, textarea';

function onEarlyClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target || target.closest('a[href]')) return;
  const control = target.closest<HTMLElement>(CONTROLS);
  if (!control || control.closest('#root') === null) return;
  // A box ticked before the app ran shows ticked, but the app's state, built from the server's markup, says
  // unticked: once the app runs, the box is set back and ticked again by a click the app sees. The browser has
  // already toggled it when this event arrives, so `checked` is what the visitor wanted.
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    const wanted = control.checked;
    early.push(() => {
      if (!control.isConnected) return;
      control.checked = !wanted;
      control.click();
    });
    return void loadApp();
  }
  // Typing into a field needs no replay: onEarlyInput carries the edit.
  if (control.matches('input, select, textarea, label')) return void loadApp();
  event.preventDefault();
  event.stopImmediatePropagation();
  early.push(() => {
    if (control.isConnected) control.click();
  });
  void loadApp();
}

function onEarlyInput(event: Event): void {
  const field = event.target;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  const typed = field.value;
  // React's controlled fields take their value from the app's state, which never saw this edit. Typed again as a
  // browser would: the field emptied through its own setter (React notes the empty value), the text put back behind
  // React's back, then the input event, in which React finds the text changed and updates the state.
  early.push(() => {
    if (!field.isConnected) return;
    field.value = '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  void loadApp();
}

function onEarlySubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  event.preventDefault();
  early.push(() => {
    if (form.isConnected) form.requestSubmit();
  });
  void loadApp();
}

const startNow = () => void loadApp();
const INTENT = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

function startCapturing(): void {
  document.addEventListener('click', onEarlyClick, true);
  document.addEventListener('input', onEarlyInput, true);
  document.addEventListener('submit', onEarlySubmit, true);
  for (const type of INTENT) document.addEventListener(type, startNow, { capture: true, passive: true });
}

function stopCapturing(): void {
  document.removeEventListener('click', onEarlyClick, true);
  document.removeEventListener('input', onEarlyInput, true);
  document.removeEventListener('submit', onEarlySubmit, true);
  for (const type of INTENT) document.removeEventListener(type, startNow, { capture: true });
}

/** Resolves once `image` is loaded and decoded (or has failed: then there is nothing to wait for). */
async function shown(image: HTMLImageElement): Promise<void> {
  if (!image.complete) {
    await new Promise((resolve) => {
      image.addEventListener('load', resolve, { once: true });
      image.addEventListener('error', resolve, { once: true });
    });
  }
  await image.decode().catch(() => undefined);
}

/**
 * The pictures the server marked as the first view's most important (the largest among them): its high-priority
 * images, and what it preloads at high priority for an element that cannot carry the mark itself (a video's poster).
 * A preloaded picture is asked for again here, which the browser answers from what the preload fetched.
 */
function importantPictures(): HTMLImageElement[] {
  const marked = [...document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]')];
  const preloaded = [
    ...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"][fetchpriority="high"]'),
  ]
    .filter((link) => link.href)
    .map((link) => {
      const image = new Image();
      image.src = link.href;
      return image;
    });
  return [...marked, ...preloaded];
}

async function afterFirstView(): Promise<void> {
  await Promise.all(importantPictures().map(shown));
  // The frame that shows them, painted: a callback of the frame after it runs once that one is on screen.
  await nextFrame();
  await nextFrame();
}

const root = document.getElementById('root');
if (root?.firstElementChild) {
  startCapturing();
  // A tab opened in the background draws no frames: there the page's `load` starts the app, a moment later.
  addEventListener('load', () => void Promise.race([nextFrame().then(nextFrame), delay(500)]).then(startNow), {
    once: true,
  });
  void afterFirstView().then(startNow);
} else {
  void loadApp();
}
