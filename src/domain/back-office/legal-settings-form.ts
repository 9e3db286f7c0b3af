// The Legal pages section of the back office's Settings (decision 0022): one text per page, and the patch that holds
// only the pages whose text changed.
import {
  LEGAL_DOCUMENTS,
  LegalTextsPatchSchema,
  type LegalTexts,
  type LegalTextsPatch,
} from '../contract/legal'

/** The form checks each page as the server will (text, not empty, within the limit). */
export const LegalSettingsFormSchema = LegalTextsPatchSchema.required()

/** Only the pages whose text changed, compared after trimming; null when none did. */
export function legalSettingsPatch(values: LegalTexts, saved: LegalTexts): LegalTextsPatch | null {
  const patch: LegalTextsPatch = {}
  for (const document of LEGAL_DOCUMENTS) {
    const text = values[document].trim()
    if (text !== saved[document].trim()) patch[document] = text
  }
  return Object.keys(patch).length > 0 ? patch : null
}
