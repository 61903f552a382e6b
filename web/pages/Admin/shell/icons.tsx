/** The bottom bar's icons: 24 px line drawings in the text colour, hidden from screen readers (the label names it). */
const PATHS: Readonly<Record<string, string>> = {
  today:
    'M12 3v2m0 14v2M3 12h2m14 0h2M5.6 5.6l1.4 1.4m10 10 1.4 1.4M5.6 18.4 7 17M17 7l1.4-1.4M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z',
  clients:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9c0-3.3 2.7-6 6-6s6 2.7 6 6M16 4.5a3.5 3.5 0 0 1 0 6.5m2 3c1.8.9 3 2.8 3 5',
  folders: 'M12 16V4m-5 5 5-5 5 5M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4',
  orders: 'M6 7h12l-1 13H7L6 7Zm3 0a3 3 0 0 1 6 0',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
};

export function PlaceIcon({ place }: { place: string }) {
  return (
    <svg
      className="admin-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={place === 'more' ? 3 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[place] ?? PATHS.more} />
    </svg>
  );
}
