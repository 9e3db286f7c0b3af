import { Link } from '@tanstack/react-router'
import { FileText } from 'lucide-react'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { grid, hstack, wrap } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { quietLinkClass } from '../../../components/ui/quiet-link'
import { Spinner } from '../../../components/ui/spinner'
import { Surface } from '../../../components/ui/surface'
import {
  LEGAL_DOCUMENT_PATHS,
  LEGAL_DOCUMENT_TITLES,
  LEGAL_DOCUMENTS,
  type LegalDocumentKey,
} from '../../../domain/contract/legal'
import { legalParagraphs } from '../../../domain/site/legal-text'
import { useLegalDocument } from '../api/get-legal-document'

/**
 * A legal or help page (decision 0022): the site's name, the page's title and the operator's text as paragraphs, with
 * the other pages and the way back to sign-in below. Public: the sign-up pages open these in a new tab.
 */
export function LegalPage(props: { document: LegalDocumentKey; siteName: string }) {
  const page = useLegalDocument(props.document)
  const title = LEGAL_DOCUMENT_TITLES[props.document]
  return (
    <Box as="main" minH="100dvh" bg="bg.app" px={{ base: '4', md: '8' }} py={{ base: '6', md: '12' }}>
      <Box maxW="44rem" mx="auto">
        <Box as="p" fontWeight="bold" fontSize="lg" letterSpacing="tight" mb="6">
          {props.siteName}
        </Box>
        <Surface as="article" aria-labelledby="legal-title" p={{ base: '5', md: '10' }} shadow="sm">
          <h1
            id="legal-title"
            className={hstack({ gap: '2', fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', mb: '6' })}
          >
            <FileText aria-hidden="true" className={css({ color: 'text.muted', flexShrink: 0 })} />
            {title}
          </h1>
          {page.data ? (
            <div
              data-testid="legal-text"
              className={grid({ gap: '4', lineHeight: 'relaxed', color: 'text' })}
            >
              {legalParagraphs(page.data.body).map((paragraph, index) => (
                // The operator's text, as text; a line break inside a paragraph is kept.
                <Box as="p" key={index} whiteSpace="pre-line" overflowWrap="anywhere">
                  {paragraph}
                </Box>
              ))}
            </div>
          ) : page.isError ? (
            <AlertBox
              variant="destructive"
              title="This page could not be loaded."
              description="Check your connection and try again."
            >
              <Button variant="outline" size="sm" onClick={() => void page.refetch()}>
                Try again
              </Button>
            </AlertBox>
          ) : (
            <div role="status" className={hstack({ gap: '2', color: 'text.muted' })}>
              <Spinner size="sm" />
              Loading...
            </div>
          )}
        </Surface>
        <Box as="nav" aria-label="Other pages" mt="6" fontSize="sm">
          <ul className={wrap({ columnGap: '5', rowGap: '2' })}>
            <li>
              <Link to="/" className={quietLinkClass}>
                Back to sign in
              </Link>
            </li>
            {LEGAL_DOCUMENTS.filter((other) => other !== props.document).map((other) => (
              <li key={other}>
                <a href={LEGAL_DOCUMENT_PATHS[other]} className={quietLinkClass}>
                  {LEGAL_DOCUMENT_TITLES[other]}
                </a>
              </li>
            ))}
          </ul>
        </Box>
      </Box>
    </Box>
  )
}
