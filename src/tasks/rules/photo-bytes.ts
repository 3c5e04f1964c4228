/**
 * Is this file a photo, and of the type it claims? Pure. The answer comes from the file's first bytes (its magic
 * number), never from its name: a text file named `job.jpg` is no photo. The photo types are those the "Complete
 * with photos" form accepts (its file_input `filetypes`): JPEG, PNG, HEIC and WebP.
 */

export type PhotoKind = 'jpeg' | 'png' | 'heic' | 'webp';

export interface PhotoType {
  kind: PhotoKind;
  /** The MIME type sent to the platform (contract: `fileMimeType` becomes the upload's Content-Type). */
  mime: string;
  /** What people call it. */
  label: string;
}

export const PHOTO_TYPES: Record<PhotoKind, PhotoType> = {
  jpeg: { kind: 'jpeg', mime: 'image/jpeg', label: 'JPEG' },
  png: { kind: 'png', mime: 'image/png', label: 'PNG' },
  heic: { kind: 'heic', mime: 'image/heic', label: 'HEIC' },
  webp: { kind: 'webp', mime: 'image/webp', label: 'WebP' },
};

/** The file_input's `filetypes` (Slack checks them for convenience only; fieldline checks the bytes). */
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'heic', 'webp'] as const;

const EXTENSION_KIND: Record<string, PhotoKind> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  heic: 'heic',
  heif: 'heic',
  webp: 'webp',
};

const MIME_KIND: Record<string, PhotoKind> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heic',
  'image/webp': 'webp',
};

/** ISO-BMFF brands of HEIC/HEIF still images (and their sequences), as phones write them. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'heif']);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** The photo type the bytes are, or undefined when they are none of the four. */
export function sniffPhoto(bytes: Uint8Array): PhotoType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return PHOTO_TYPES.jpeg;
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return PHOTO_TYPES.png;
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return PHOTO_TYPES.webp;
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    // The major brand, then the compatible brands listed in the ftyp box.
    const boxSize = Math.min(
      ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0,
      64,
    );
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= Math.min(boxSize, bytes.length); at += 4)
      brands.push(ascii(bytes, at, at + 4));
    if (brands.some((b) => HEIF_BRANDS.has(b))) return PHOTO_TYPES.heic;
  }
  return undefined;
}

/** What the file claims to be: Slack's MIME type, else its extension (filetype or name). */
export function declaredPhotoKind(file: {
  name: string;
  mimetype: string | null;
  filetype: string | null;
}): PhotoKind | undefined {
  const byMime = file.mimetype ? MIME_KIND[file.mimetype.toLowerCase()] : undefined;
  if (byMime) return byMime;
  const ext = (/\.([A-Za-z0-9]{1,10})$/.exec(file.name)?.[1] ?? file.filetype ?? '').toLowerCase();
  return EXTENSION_KIND[ext];
}

export type PhotoCheck = { ok: true; type: PhotoType } | { ok: false; reason: string };

/**
 * The bytes must be a JPEG, PNG, HEIC or WebP image, and the type the file claims. `name` is only for the
 * message (escape it before it reaches mrkdwn).
 */
export function checkPhoto(bytes: Uint8Array, declared: PhotoKind | undefined, name: string): PhotoCheck {
  const found = sniffPhoto(bytes);
  if (!found) {
    return {
      ok: false,
      reason: `${name} is not a photo: its contents are not a JPEG, PNG, HEIC or WebP image (whatever its name says).`,
    };
  }
  if (declared === undefined) {
    return {
      ok: false,
      reason: `${name} is not a photo type the form accepts (JPEG, PNG, HEIC or WebP).`,
    };
  }
  if (found.kind !== declared) {
    return {
      ok: false,
      reason: `${name} says it is ${PHOTO_TYPES[declared].label} but its contents are ${found.label}; save it again as the type its name says and retry.`,
    };
  }
  return { ok: true, type: found };
}
