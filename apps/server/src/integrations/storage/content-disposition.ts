/**
 * Content-Disposition with the file's own name (RFC 6266): an ASCII `filename` for old clients and
 * `filename*` in RFC 5987 encoding (UTF-8, percent-encoded) that carries any name exactly. Both are
 * header-safe whatever the name holds (quotes, CR/LF, accents, emoji).
 */

/** RFC 5987 `attr-char` is letters, digits and !#$&+-.^_`|~; everything else is percent-encoded. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The name with every character outside printable ASCII, and `"` and `\`, replaced by `_`. */
export function asciiFallback(fileName: string): string {
  return fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
}

export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  return `${type}; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/** The name a Content-Disposition carries (`filename*` first), or undefined. */
export function fileNameFromDisposition(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // falls back to the plain name
    }
  }
  return /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1];
}
