import { Button, Group, Popover, Stack, Text, Textarea } from '@mantine/core';
import {
  MRZ_UNREADABLE_MESSAGE,
  PASSPORT_READ_BUSY_MESSAGE,
  passportReadRoute,
  type PassportData,
} from '@portal/contract/passport';
import { IconClipboardText, IconScan } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError, apiRequest, errorMessage, type RequestOptions } from '@/lib/api-client';

/** What is read: the chosen scan, or the two MRZ lines the agent pasted. */
type PassportSource = { file: File } | { mrz: string };

/**
 * POST passport-read (PRODUCT §6) as multipart: `file` or `mrz`. The MRZ is read and checked on the server only
 * (decision 029): the browser sends the pasted text as it is. The route's multipart body is read by its handler,
 * so the contract may declare no body schema; the FormData is passed all the same.
 */
export function readPassport(source: PassportSource) {
  const form = new FormData();
  if ('file' in source) form.append('file', source.file);
  else form.append('mrz', source.mrz);
  return apiRequest(passportReadRoute, { body: form } as unknown as RequestOptions<typeof passportReadRoute>);
}

/** The line under the buttons for a failed reading: the server's own words; busy (503) says to try again. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 503) return PASSPORT_READ_BUSY_MESSAGE;
  return errorMessage(error);
}

/** Two TD3 lines of 44 characters (ICAO 9303), as the textarea is sized. */
const MRZ_LINE_LENGTH = 44;

type PassportReaderProps = {
  /** The passenger's scan as chosen in this dialog; 'Read passport' waits for it. */
  file: File | null;
  onRead: (data: PassportData) => void;
};

/**
 * 'Read passport' (the scan just chosen) and 'Paste MRZ' (a small popover with the two lines) of one passenger
 * (PRODUCT §6). A reading fills the fields through `onRead`; a failure shows under the buttons, and the agent can
 * always type the fields by hand.
 */
export function PassportReader({ file, onRead }: PassportReaderProps) {
  const [pasteOpen, setPasteOpen] = useState(false);
  const [mrz, setMrz] = useState('');
  const messageId = useId();
  const reading = useMutation({
    mutationFn: readPassport,
    onSuccess: (answer) => {
      setPasteOpen(false);
      setMrz('');
      onRead(answer.data);
    },
  });
  const readingFile = reading.isPending && reading.variables !== undefined && 'file' in reading.variables;
  const readingMrz = reading.isPending && !readingFile;
  const failure = reading.isError ? failureText(reading.error) : null;
  const unreadable = failure !== null && failure === MRZ_UNREADABLE_MESSAGE;

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconScan size={16} />}
          disabled={!file || reading.isPending}
          loading={readingFile}
          aria-describedby={failure ? messageId : undefined}
          onClick={() => file && reading.mutate({ file })}
        >
          Read passport
        </Button>
        <Popover
          opened={pasteOpen}
          onChange={setPasteOpen}
          trapFocus
          returnFocus
          position="bottom-start"
          shadow="md"
          width={420}
          styles={{ dropdown: { maxWidth: 'calc(100vw - 2rem)' } }}
        >
          <Popover.Target>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconClipboardText size={16} />}
              disabled={reading.isPending && !readingMrz}
              loading={readingMrz && !pasteOpen}
              onClick={() => {
                // A controlled popover: its target leaves the toggle to us. A new paste starts without the last failure.
                if (!pasteOpen) reading.reset();
                setPasteOpen(!pasteOpen);
              }}
            >
              Paste MRZ
            </Button>
          </Popover.Target>
          {/* A dialog named by its target, 'Paste MRZ' (Mantine's roles). */}
          <Popover.Dropdown>
            {/* Not a <form>: the popover sits inside the passenger form in React's tree, and a submit would reach it. */}
              <Stack gap="xs">
                <Textarea
                  label="MRZ lines"
                  description={`The two lines of ${MRZ_LINE_LENGTH} characters at the foot of the photo page`}
                  autosize
                  minRows={2}
                  maxRows={4}
                  spellCheck={false}
                  autoCapitalize="characters"
                  autoComplete="off"
                  value={mrz}
                  onChange={(event) => setMrz(event.currentTarget.value)}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
                  data-autofocus
                />
                <Text size="sm" c="red.8" fw={500} aria-live="polite" role="status">
                  {failure}
                </Text>
                <Group justify="flex-end" gap="xs">
                  <Button size="compact-sm" variant="default" onClick={() => setPasteOpen(false)}>
                    Cancel
                  </Button>
                  <Button size="compact-sm" loading={readingMrz} disabled={!mrz.trim()} onClick={() => reading.mutate({ mrz })}>
                    Read
                  </Button>
                </Group>
              </Stack>
          </Popover.Dropdown>
        </Popover>
      </Group>
      <div id={messageId} aria-live="polite" role="status">
        {failure && !pasteOpen ? (
          <>
            <Text size="sm" c="red.8" fw={500}>
              {failure}
            </Text>
            {unreadable ? (
              <Text size="xs" c="dimmed">
                Type the details by hand, or try Paste MRZ.
              </Text>
            ) : null}
          </>
        ) : null}
      </div>
    </Stack>
  );
}
