// The message list both sides share (docs/product/chat.md#message-list): grouped by day, virtualised so 10,000
// messages scroll smoothly. The virtualiser anchors to the end: a page of older messages added above keeps the view
// still, and a message added while the view is at the bottom (within 100 px) keeps it there. Further up, a new
// message lights a dot on the scroll-to-bottom button instead of moving the view.
import { useVirtualizer } from '@tanstack/react-virtual'
import { ArrowDown, Download } from 'lucide-react'
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react'
import { css } from 'styled-system/css'
import { Box, Flex } from 'styled-system/jsx'
import { hstack, stack, visuallyHidden } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import * as Dialog from '../../../components/ui/dialog'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/toast'
import { buildChatRows, type ChatRow } from '../../../domain/chat/day-groups'
import { isOwnMessage } from '../../../domain/chat/messages'
import { isAtBottom, SCROLL_THRESHOLD_PX, shouldLoadOlder } from '../../../domain/chat/scroll'
import { CHAT_MESSAGES, type ChatAttachment, type ChatMessage } from '../../../domain/contract/chat'
import { saveFile } from '../api/get-file'
import { serverMessage } from '../../../lib/error-message'
import { DOWNLOAD_FAILED, ProtectedImage, THUMBNAIL } from './attachment-view'
import { DayHeading, MessageRow } from './message-row'
import { Text } from '../../../components/ui/text'

export interface MessageListHandle {
  scrollToBottom: () => void
}

export interface MessageListProps {
  messages: ChatMessage[]
  viewerIsAdmin: boolean
  hasOlder: boolean
  loadingOlder: boolean
  onLoadOlder: () => void
  onAtBottomChange?: (atBottom: boolean) => void
  /** Under 'No messages yet'. */
  emptyHint: string
  handle?: Ref<MessageListHandle>
}

const DAY_ROW_PX = 44
const DEFAULT_ROW_PX = 60
const CHARS_PER_LINE = 48
const LINE_PX = 20

// A close guess keeps the first measurement's correction small; the real height is measured on render.
function estimateRow(row: ChatRow | undefined): number {
  if (!row) return DEFAULT_ROW_PX
  if (row.kind === 'day') return DAY_ROW_PX
  const lines = row.message.message
    .split('\n')
    .reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / CHARS_PER_LINE)), 0)
  const attachments = row.message.attachments.reduce(
    (sum, attachment) => sum + (attachment.is_image ? THUMBNAIL.HEIGHT + 8 : 46),
    0,
  )
  return 44 + (row.message.message ? lines * LINE_PX : 0) + attachments
}

export function MessageList(props: MessageListProps) {
  const { messages, viewerIsAdmin, hasOlder, loadingOlder, onLoadOlder, onAtBottomChange } = props
  const scrollRef = useRef<HTMLDivElement | null>(null)
  const rows = useMemo(() => buildChatRows(messages, new Date()), [messages])
  // Once per list change: the virtualiser asks for the estimate of every unmeasured row each time a row is measured.
  const estimates = useMemo(() => rows.map(estimateRow), [rows])
  const [atBottom, setAtBottom] = useState(true)
  const [unseenNew, setUnseenNew] = useState(false)
  const [preview, setPreview] = useState<ChatAttachment | null>(null)

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser's functions are read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimates[index] ?? DEFAULT_ROW_PX,
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 6,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: SCROLL_THRESHOLD_PX,
  })

  // A conversation opens at its newest message. Rows present at the first render are not an append, so the
  // virtualiser does not follow them by itself.
  const openedAtEnd = useRef(false)
  useLayoutEffect(() => {
    if (openedAtEnd.current || rows.length === 0) return
    openedAtEnd.current = true
    virtualizer.scrollToEnd()
  }, [rows.length, virtualizer])

  // Where the view is, from the virtualiser's own sizes: reading the element's scrollHeight in a scroll handler
  // would force a layout on every scroll event.
  const scrollBox = (element: HTMLElement) => ({
    scrollTop: element.scrollTop,
    scrollHeight: virtualizer.getTotalSize(),
    clientHeight: virtualizer.scrollRect?.height ?? element.clientHeight,
  })

  useEffect(() => {
    onAtBottomChange?.(atBottom)
  }, [atBottom, onAtBottomChange])

  // A message arriving while the reader is further up (atBottom is the state before this message: it changes only
  // on scroll events) lights the dot on the scroll-to-bottom button.
  const lastId = messages.length > 0 ? messages[messages.length - 1]!.id : null
  const previousLastId = useRef(lastId)
  useEffect(() => {
    const previous = previousLastId.current
    previousLastId.current = lastId
    if (lastId === null || previous === null || lastId <= previous) return
    if (!atBottom) setUnseenNew(true)
  }, [lastId, atBottom])

  // Content shorter than the view cannot be scrolled to the top: fetch older pages until it fills the view.
  const totalSize = virtualizer.getTotalSize()
  const viewHeight = virtualizer.scrollRect?.height ?? 0
  useEffect(() => {
    if (viewHeight > 0 && totalSize <= viewHeight && hasOlder && !loadingOlder) onLoadOlder()
  }, [totalSize, viewHeight, hasOlder, loadingOlder, onLoadOlder])

  const scrollToBottom = useCallback(() => {
    if (rows.length > 0) virtualizer.scrollToEnd()
    setUnseenNew(false)
  }, [rows.length, virtualizer])
  useImperativeHandle(props.handle, () => ({ scrollToBottom }), [scrollToBottom])

  const onScroll = () => {
    const element = scrollRef.current
    if (!element) return
    const box = scrollBox(element)
    const bottom = isAtBottom(box)
    setAtBottom(bottom)
    if (bottom) setUnseenNew(false)
    if (shouldLoadOlder(box, { hasOlder, loading: loadingOlder })) onLoadOlder()
  }

  // Newest message from the other side, for screen readers: the list itself is not a live region, since
  // virtualisation adds and removes rows as it scrolls.
  const lastIncoming = useMemo(() => {
    for (let i = messages.length - 1; i >= 0; i -= 1) {
      const message = messages[i]!
      if (!isOwnMessage(message, viewerIsAdmin)) return message
    }
    return null
  }, [messages, viewerIsAdmin])

  const items = virtualizer.getVirtualItems()
  return (
    <Flex position="relative" flex="1" minH="0" flexDir="column">
      <Box
        ref={scrollRef}
        onScroll={onScroll}
        // A scrollable region must take focus so the keyboard can scroll it (WCAG 2.1.1, axe scrollable-region-focusable).
        tabIndex={0}
        role="region"
        aria-label="Messages"
        aria-busy={loadingOlder || undefined}
        data-testid="chat-scroll"
        flex="1"
        minH="0"
        overflowY="auto"
        overflowAnchor="none"
        overscrollBehavior="contain"
        py="2"
        focusVisibleRing="inside"
      >
        {rows.length === 0 ? (
          <div
            className={stack({
              h: 'full',
              alignItems: 'center',
              justifyContent: 'center',
              gap: '1',
              textAlign: 'center',
              p: '6',
            })}
          >
            <Text weight="semibold">{CHAT_MESSAGES.NO_MESSAGES}</Text>
            <Text size="sm" tone="muted">
              {props.emptyHint}
            </Text>
          </div>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
            {items.map((item) => {
              const row = rows[item.index]
              if (!row) return null
              const previous = rows[item.index - 1]
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  {row.kind === 'day' ? (
                    <DayHeading label={row.label} />
                  ) : (
                    <MessageRow
                      message={row.message}
                      own={isOwnMessage(row.message, viewerIsAdmin)}
                      showSender={
                        !isOwnMessage(row.message, viewerIsAdmin) &&
                        (previous?.kind !== 'message' || previous.message.sender_id !== row.message.sender_id)
                      }
                      onOpenImage={setPreview}
                    />
                  )}
                </div>
              )
            })}
          </div>
        )}
      </Box>

      {loadingOlder ? (
        <div
          role="status"
          className={hstack({
            position: 'absolute',
            top: '2',
            left: '50%',
            transform: 'translateX(-50%)',
            gap: '2',
            px: '3',
            py: '1',
            rounded: 'pill',
            bg: 'bg.overlay',
            borderWidth: '1px',
            borderColor: 'border.default',
            fontSize: 'xs',
            boxShadow: 'raised',
          })}
        >
          <Spinner size="sm" />
          Loading older messages...
        </div>
      ) : null}

      {!atBottom && rows.length > 0 ? (
        <Button
          variant="outline"
          size="sm"
          iconOnly
          aria-label={
            unseenNew ? 'Scroll to the latest messages (new messages)' : 'Scroll to the latest messages'
          }
          data-testid="scroll-to-bottom"
          onClick={scrollToBottom}
          className={css({
            position: 'absolute',
            right: '4',
            bottom: '3',
            rounded: 'full',
            bg: 'bg.overlay',
            boxShadow: 'raised',
            w: '10',
            h: '10',
          })}
        >
          <ArrowDown aria-hidden="true" />
          {unseenNew ? (
            <Box
              as="span"
              data-testid="new-message-dot"
              aria-hidden="true"
              position="absolute"
              top="0"
              right="0"
              w="3"
              h="3"
              rounded="full"
              bg="danger.solid"
              borderWidth="2px"
              borderColor="bg.overlay"
            />
          ) : null}
        </Button>
      ) : null}

      <div role="status" aria-live="polite" className={visuallyHidden()}>
        {lastIncoming ? `Latest message from ${lastIncoming.sender.name}: ${lastIncoming.message}` : ''}
      </div>

      <Dialog.Root
        lazyMount
        unmountOnExit
        open={preview !== null}
        onOpenChange={(details) => (details.open ? null : setPreview(null))}
      >
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content className={css({ maxW: { md: '4xl' }, w: 'full' })}>
            <Dialog.Header>
              <Dialog.Title className={css({ overflowWrap: 'anywhere' })}>{preview?.file_name}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger />
            {preview ? (
              <>
                <Flex justifyContent="center" minH="24">
                  <ProtectedImage
                    src={preview.download_url}
                    alt={preview.file_name}
                    testId="chat-image-preview"
                    className={css({ maxH: '70dvh', maxW: 'full', objectFit: 'contain', rounded: 'md' })}
                  />
                </Flex>
                <Button
                  variant="outline"
                  size="sm"
                  className={css({ alignSelf: 'flex-start' })}
                  onClick={() =>
                    void saveFile(preview.download_url, preview.file_name).catch((error: unknown) =>
                      toast.error(serverMessage(error) ?? DOWNLOAD_FAILED),
                    )
                  }
                >
                  <Download aria-hidden="true" />
                  Download
                </Button>
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>
    </Flex>
  )
}
