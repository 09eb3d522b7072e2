import { Button, Loader, Menu, Text, type ButtonProps } from '@mantine/core';
import { IconBrandWhatsapp, IconCopy, IconShare } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/copy-text';
import { useShareText, type ShareTarget } from '../api/get-share-text';

export type ShareMenuEntry = {
  /** A heading above this entry's items, when the menu shares more than one thing (e.g. one a departure date). */
  label?: string;
  target: ShareTarget;
};

export type ShareMenuProps = {
  entries: ShareMenuEntry[];
  /** The button's accessible name, e.g. 'Share PNR SV1234' (the visible text is 'Share'). */
  ariaLabel: string;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
};

/** Copy and Open WhatsApp of one target; the text is asked for while the menu is open. */
function ShareEntryItems({ entry, opened }: { entry: ShareMenuEntry; opened: boolean }) {
  const share = useShareText(entry.target, opened);
  const copy = () => {
    if (!share.data) return;
    void copyText(share.data.text);
  };
  const waiting = share.isPending ? <Loader size={14} /> : null;
  return (
    <>
      {entry.label ? <Menu.Label>{entry.label}</Menu.Label> : null}
      {share.isError ? (
        <Text size="sm" c="red.7" px="sm" py={6} role="alert">
          {errorMessage(share.error)}
        </Text>
      ) : (
        <>
          <Menu.Item leftSection={waiting ?? <IconCopy size={16} aria-hidden />} disabled={!share.data} onClick={copy}>
            Copy
          </Menu.Item>
          <Menu.Item
            component="a"
            href={share.data?.whatsapp_url ?? '#'}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={waiting ?? <IconBrandWhatsapp size={16} aria-hidden />}
            disabled={!share.data}
          >
            Open WhatsApp
          </Menu.Item>
        </>
      )}
    </>
  );
}

/**
 * 'Share' on ticket cards, search rows and sector blocks (PRODUCT §6 "Sharing fares", decision 026), for signed-in
 * users only (the page decides): Copy puts the text on the clipboard ('Copied'), Open WhatsApp opens wa.me with it
 * in a new tab. The text carries the agent's markup; the server writes it (GET share-text).
 */
export function ShareMenuLoaded({ entries, ariaLabel, size = 'xs', fullWidth = false }: ShareMenuProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <Button
          variant="default"
          size={size}
          fullWidth={fullWidth}
          leftSection={<IconShare size={14} aria-hidden />}
          aria-label={ariaLabel}
        >
          Share
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        {entries.map((entry, index) => (
          <Fragment key={index}>
            {index > 0 ? <Menu.Divider /> : null}
            <ShareEntryItems entry={entry} opened={opened} />
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
