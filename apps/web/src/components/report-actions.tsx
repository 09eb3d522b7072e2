import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';

type ReportActionsProps = {
  onDownload: () => void;
  downloading: boolean;
  /** No report on screen yet: nothing to print or export. */
  disabled?: boolean;
};

/**
 * A report's Print and Download xlsx (issue 21 §8, decision 022): Print prints the page through the print
 * stylesheet (app/print.css: the report alone, no shell, filters or buttons); the download is the server's
 * spreadsheet of the same report and range.
 */
export function ReportActions({ onDownload, downloading, disabled = false }: ReportActionsProps) {
  return (
    <Group gap="xs" data-no-print>
      <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={disabled}>
        Print
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        onClick={onDownload}
        loading={downloading}
        disabled={disabled}
      >
        Download xlsx
      </Button>
    </Group>
  );
}
