/** Large request bodies (a post's pictures) by XMLHttpRequest, whose upload reports progress; loaded with the first such request (./client.ts). */
import type { UploadProgress } from './client';

/** A request sent by XMLHttpRequest, reporting its upload's progress; answers as fetch does (a failed connection throws). */
export function sendWithProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
  onProgress: (progress: UploadProgress | null) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ sent: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      onProgress(null);
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const empty = xhr.status === 204 || xhr.status === 304;
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror =
      xhr.onabort =
      xhr.ontimeout =
        () => {
          onProgress(null);
          reject(new TypeError('Failed to fetch'));
        };
    onProgress({ sent: 0, total: init.body.length });
    xhr.send(init.body);
  });
}
