/**
 * The bill photo part of the quick calculator (docs/product.md#quick-calculator and
 * #errors-and-messages): choose or drop a JPEG, PNG or WebP under 10 MB (domain
 * `validateBillImage`, checked here so that the domain's zod schemas load with this part, not with
 * the page), press 'Extract amount' to send it to `POST /calculator/bill-extract`, watch the
 * progress, then confirm or edit the amount found (som) before it fills the monthly bill. When
 * nothing is found or the request fails: 'Failed to process the image. Please try again or enter
 * the amount manually.' (the server's 413/415 image-rule messages when those are the reason) and a
 * button to enter the amount manually. Remove clears the file and the result.
 */
import {
  BILL_IMAGE_TYPES,
  validateBillImage,
  type BillExtractResponse,
  type MessageDescriptor,
} from '@solar/domain';
import { Button, FileDropZone, NumberField, Spinner } from '@solar/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

export interface BillPhotoProps {
  /** Sends the file (the API client's `calculator.extractBill`). */
  extract: (file: File) => Promise<BillExtractResponse>;
  /** Called with the amount (som) the user confirmed. */
  onUseAmount: (amountSom: number) => void;
  /** Switches to manual entry. */
  onEnterManually: () => void;
  /** The spec's failure message. */
  failureMessage: MessageDescriptor;
  /** The message for a failed request. */
  messageForError: (error: unknown) => MessageDescriptor;
}

/** File chooser, extraction with progress, and the amount to confirm. */
export function BillPhoto({
  extract,
  onUseAmount,
  onEnterManually,
  failureMessage,
  messageForError,
}: BillPhotoProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [file, setFile] = useState<File | null>(null);
  const [invalid, setInvalid] = useState<MessageDescriptor | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const [used, setUsed] = useState(false);
  const extraction = useMutation({
    mutationFn: (chosen: File) => extract(chosen),
    onSuccess: (result) => {
      setAmount(result.amount);
      setUsed(false);
    },
  });
  const found = extraction.isSuccess && extraction.data.amount !== null;
  const failure: MessageDescriptor | null = extraction.isError
    ? messageForError(extraction.error)
    : extraction.isSuccess && extraction.data.amount === null
      ? failureMessage
      : null;

  function select(chosen: File) {
    extraction.reset();
    setAmount(null);
    const problem = validateBillImage(chosen);
    setInvalid(problem);
    setFile(problem ? null : chosen);
  }

  function remove() {
    extraction.reset();
    setFile(null);
    setInvalid(null);
    setAmount(null);
  }

  const errorMessage = invalid ?? failure;
  return (
    <div className="flex flex-col gap-3">
      <FileDropZone
        label={t('quickCalculator.photo.label')}
        hint={t('quickCalculator.photo.hint')}
        chooseLabel={t('quickCalculator.photo.choose')}
        removeLabel={t('quickCalculator.photo.remove')}
        acceptedFileTypes={BILL_IMAGE_TYPES}
        file={file}
        onSelect={select}
        onRemove={remove}
        isDisabled={extraction.isPending}
        {...(errorMessage ? { errorMessage: intl.formatMessage(errorMessage) } : {})}
      >
        <Button
          size="sm"
          isPending={extraction.isPending}
          onPress={() => file && extraction.mutate(file)}
        >
          {t('quickCalculator.photo.extract')}
        </Button>
      </FileDropZone>
      {extraction.isPending && (
        <div role="status" className="flex items-center gap-2">
          <Spinner label={t('quickCalculator.photo.reading')} showLabel size="sm" />
        </div>
      )}
      {failure && (
        <Button variant="secondary" size="sm" className="self-start" onPress={onEnterManually}>
          {t('quickCalculator.photo.enterManually')}
        </Button>
      )}
      {found && amount !== null && (
        <div className="flex flex-col gap-2 rounded-card border border-border bg-surface-raised p-3">
          <p role="status" className="text-sm">
            {t('quickCalculator.photo.found', {
              confidence: intl.formatNumber(extraction.data.confidence, { style: 'percent' }),
            })}
          </p>
          <NumberField
            label={t('quickCalculator.photo.amount')}
            value={amount}
            onChange={(value) => {
              setAmount(Number.isFinite(value) ? value : 0);
              setUsed(false);
            }}
            minValue={0}
            step={0.01}
            formatOptions={{ maximumFractionDigits: 2 }}
          />
          <div className="flex items-center gap-3">
            <Button
              size="sm"
              onPress={() => {
                onUseAmount(amount);
                setUsed(true);
              }}
            >
              {t('quickCalculator.photo.useAmount')}
            </Button>
            {used && (
              <span role="status" className="text-sm text-success-fg">
                {t('quickCalculator.photo.amountUsed')}
              </span>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
