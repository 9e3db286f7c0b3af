// Avatars are resized on the server (decision 0020): whatever the customer uploads (a 12-megapixel phone photo, a
// screenshot), what is stored and served is one AVATAR_SIZE_PX square WebP, small for the chat lists that show many
// of them. Re-encoding also drops what the file carried besides its pixels: EXIF, GPS position, camera serials.
// libvips (through sharp) decodes only the formats the upload check allowed by their first bytes.
import sharp from 'sharp'

export const AVATAR_SIZE_PX = 256
export const AVATAR_MIME = 'image/webp'

/** The stored avatar, or null when the bytes do not decode as an image (a valid header on a broken body). */
export async function avatarImage(bytes: Uint8Array): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate() // the camera's orientation, applied before the EXIF that records it is dropped
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    return null
  }
}
