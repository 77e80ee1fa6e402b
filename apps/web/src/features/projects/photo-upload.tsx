/**
 * Adding a roof photo (someone who schedules inspections, while the
 * inspection is scheduled or recorded): choose or drop one JPEG, PNG or WebP under 10 MB,
 * checked before sending (domain validateBillImage: the same rules as the server's), then
 * uploaded with a progress indicator. A refusal (too large, not an image, 20 photos
 * already) is shown on the zone in the interface language and nothing changes.
 */
import { toApiError } from '@solar/api';
import { useUploadInspectionPhoto } from '@solar/api/react';
import {
  BILL_IMAGE_TYPES,
  MAX_INSPECTION_PHOTOS,
  pipelineMessages,
  validateBillImage,
} from '@solar/domain';
import { Button, FileDropZone, Spinner, UploadIcon } from '@solar/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { messageIdOfText, messageOrText } from '../../forms/form-errors.ts';
import { useNotify } from '../../app/notices.tsx';

/** The upload zone of project `projectId`, which holds `count` photos. */
export function PhotoUpload({ projectId, count }: { projectId: string; count: number }) {
  const intl = useIntl();
  const notify = useNotify();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const upload = useUploadInspectionPhoto(projectId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const full = count >= MAX_INSPECTION_PHOTOS;

  const choose = (chosen: File) => {
    const problem = validateBillImage(chosen);
    setFile(problem ? null : chosen);
    setError(problem ? intl.formatMessage(problem) : null);
  };
  const send = async () => {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      setFile(null);
      notify({ kind: 'success', message: t('projects.photos.uploaded') });
    } catch (caught) {
      const failure = toApiError(caught);
      setError(
        failure.status === 409
          ? intl.formatMessage(pipelineMessages.tooManyPhotos)
          : (messageOrText(intl, messageIdOfText(failure.message)) ?? failure.message),
      );
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-fg-muted">
        {t('projects.photos.count', { count, max: MAX_INSPECTION_PHOTOS })}
      </p>
      <FileDropZone
        label={t('projects.photos.label')}
        hint={t('projects.photos.hint')}
        chooseLabel={t('projects.photos.choose')}
        removeLabel={t('projects.photos.remove')}
        acceptedFileTypes={BILL_IMAGE_TYPES}
        file={file}
        onSelect={choose}
        onRemove={() => {
          setFile(null);
          setError(null);
        }}
        isDisabled={upload.isPending || full}
        {...(full
          ? { errorMessage: intl.formatMessage(pipelineMessages.tooManyPhotos) }
          : error
            ? { errorMessage: error }
            : {})}
      >
        {upload.isPending ? (
          <Spinner label={t('projects.photos.uploading')} showLabel />
        ) : (
          file && (
            <Button onPress={() => void send()}>
              <UploadIcon className="size-4" aria-hidden="true" />
              {t('projects.photos.upload')}
            </Button>
          )
        )}
      </FileDropZone>
    </div>
  );
}
