/**
 * Seed images, drawn as small inline SVG data URLs so the product works offline and ships
 * no outside links (avatars: coloured circles with initials; post images: simple scenes).
 */

/**
 * A compact SVG data URL: double quotes become single ones and only the characters a URL can't
 * hold are escaped (about half the size of encodeURIComponent). Avatars are embedded in every
 * post's likes and comments, so their size is most of a big posts answer.
 */
const svgDataUrl = (svg: string): string =>
  `data:image/svg+xml;utf8,${svg
    .replace(/\s*\n\s*/g, ' ')
    .trim()
    .replace(/"/g, "'")
    .replace(/[%#<>?[\\\]^`{|}]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}`;

export function avatar(initials: string, background: string, foreground = '#ffffff'): string {
  return svgDataUrl(`<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
    <circle cx="64" cy="64" r="64" fill="${background}"/>
    <text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="50" font-weight="700" fill="${foreground}">${initials}</text>
  </svg>`);
}

/** The picture every new member starts with. */
export const DEFAULT_AVATAR = svgDataUrl(`<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <circle cx="64" cy="64" r="64" fill="#cbd5e1"/>
  <circle cx="64" cy="50" r="22" fill="#64748b"/>
  <path d="M24 108c6-22 22-32 40-32s34 10 40 32a64 64 0 0 1-80 0z" fill="#64748b"/>
</svg>`);

const frame = (body: string) =>
  svgDataUrl(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400">${body}</svg>`);

export const POST_IMAGES = {
  mountains: frame(`
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbbf24"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs>
    <rect width="640" height="400" fill="url(#s)"/>
    <circle cx="470" cy="130" r="54" fill="#fef3c7"/>
    <path d="M0 330 L150 150 L260 280 L370 120 L520 300 L640 210 L640 400 L0 400 Z" fill="#7c2d12"/>
    <path d="M0 360 L120 260 L240 340 L380 240 L520 350 L640 290 L640 400 L0 400 Z" fill="#431407"/>`),
  sea: frame(`
    <rect width="640" height="400" fill="#bae6fd"/>
    <circle cx="140" cy="110" r="46" fill="#fde047"/>
    <path d="M0 250 Q80 220 160 250 T320 250 T480 250 T640 250 V400 H0 Z" fill="#0ea5e9"/>
    <path d="M0 300 Q80 270 160 300 T320 300 T480 300 T640 300 V400 H0 Z" fill="#0369a1"/>
    <path d="M380 235 L430 235 L420 250 L390 250 Z M405 200 L405 235 L430 228 Z" fill="#1e293b"/>`),
  city: frame(`
    <rect width="640" height="400" fill="#1e1b4b"/>
    <circle cx="520" cy="90" r="36" fill="#e0e7ff"/>
    <g fill="#312e81"><rect x="20" y="200" width="80" height="200"/><rect x="110" y="140" width="70" height="260"/><rect x="190" y="230" width="90" height="170"/><rect x="290" y="110" width="60" height="290"/><rect x="360" y="180" width="100" height="220"/><rect x="470" y="220" width="70" height="180"/><rect x="550" y="160" width="80" height="240"/></g>
    <g fill="#facc15"><rect x="130" y="170" width="10" height="14"/><rect x="150" y="210" width="10" height="14"/><rect x="305" y="140" width="10" height="14"/><rect x="325" y="200" width="10" height="14"/><rect x="390" y="210" width="10" height="14"/><rect x="420" y="260" width="10" height="14"/><rect x="575" y="190" width="10" height="14"/></g>`),
  forest: frame(`
    <rect width="640" height="400" fill="#dcfce7"/>
    <rect y="320" width="640" height="80" fill="#65a30d"/>
    <g fill="#166534"><path d="M80 330 L130 150 L180 330 Z"/><path d="M200 330 L260 110 L320 330 Z"/><path d="M360 330 L410 170 L460 330 Z"/><path d="M480 330 L545 120 L610 330 Z"/></g>
    <g fill="#78350f"><rect x="124" y="330" width="12" height="24"/><rect x="254" y="330" width="12" height="24"/><rect x="404" y="330" width="12" height="24"/><rect x="539" y="330" width="12" height="24"/></g>`),
  abstract: frame(`
    <rect width="640" height="400" fill="#fdf4ff"/>
    <circle cx="200" cy="180" r="130" fill="#c026d3" opacity="0.75"/>
    <circle cx="360" cy="220" r="120" fill="#2563eb" opacity="0.65"/>
    <circle cx="470" cy="140" r="80" fill="#f59e0b" opacity="0.7"/>
    <rect x="60" y="300" width="520" height="18" rx="9" fill="#0f172a" opacity="0.8"/>`),
  coffee: frame(`
    <rect width="640" height="400" fill="#fef3c7"/>
    <ellipse cx="320" cy="320" rx="170" ry="26" fill="#d6d3d1"/>
    <path d="M220 170 H420 V270 Q420 320 370 320 H270 Q220 320 220 270 Z" fill="#ffffff" stroke="#78350f" stroke-width="8"/>
    <path d="M420 195 Q470 195 470 235 Q470 275 420 275" fill="none" stroke="#78350f" stroke-width="10"/>
    <ellipse cx="320" cy="175" rx="96" ry="14" fill="#92400e"/>
    <path d="M280 140 Q265 115 285 95 M320 140 Q305 110 325 85 M360 140 Q345 115 365 95" fill="none" stroke="#a8a29e" stroke-width="6" stroke-linecap="round"/>`),
} as const;

export type PostImageName = keyof typeof POST_IMAGES;
