// A legal page's text as the operator typed it (decision 0022): paragraphs are separated by blank lines; a line break
// inside a paragraph stays a line break. Text only: nothing in it is ever read as markup.
export function legalParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
}
