// The checks a file passes in the browser before it is uploaded (decision 0020): verification documents and avatars.
// The server checks again, by content; these only spare the customer a long upload of a file it would refuse.

export interface UploadRules {
  readonly MAX_BYTES: number
  /** Lower-case extensions without the dot. */
  readonly EXTENSIONS: readonly string[]
}

export interface FileFacts {
  name: string
  /** The browser's guess from the extension; may be empty. */
  type: string
  size: number
}

const MIME_OF: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
}

/** '1.5 GB', '8 MB', '512 KB', '900 B'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) {
    const gb = bytes / 1024 ** 3
    return `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`
  }
  if (bytes >= 1024 * 1024) {
    const mb = bytes / (1024 * 1024)
    return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`
  }
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}

/** 'JPEG, PNG, WebP or PDF' from the allowed extensions. */
export function describeFormats(rules: UploadRules): string {
  const names = [
    ...new Set(
      rules.EXTENSIONS.map((extension) =>
        extension === 'jpg' || extension === 'jpeg'
          ? 'JPEG'
          : extension === 'webp'
            ? 'WebP'
            : extension.toUpperCase(),
      ),
    ),
  ]
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '')
}

/** Why `file` cannot be uploaded under `rules`, or null when it may. */
export function uploadProblem(file: FileFacts, rules: UploadRules): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? ''
  const expected = MIME_OF[extension]
  const allowed = rules.EXTENSIONS.includes(extension)
  // A type the browser gives must agree with the extension (a renamed file gives itself away here first).
  if (!allowed || (file.type !== '' && expected !== undefined && file.type !== expected)) {
    return `This file type is not accepted. Choose a ${describeFormats(rules)} file.`
  }
  if (file.size === 0) return 'This file is empty.'
  if (file.size > rules.MAX_BYTES) {
    return `This file is ${formatBytes(file.size)}; the limit is ${formatBytes(rules.MAX_BYTES)}.`
  }
  return null
}
