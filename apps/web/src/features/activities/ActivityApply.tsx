import type { ActivityApplication } from '@sorte/contracts';
import {
  ACTIVITY_COMMENT_MAX,
  ACTIVITY_IMAGE_MAX_BYTES,
  ACTIVITY_IMAGES_MAX,
} from '@sorte/contracts/activity-limits';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon';
import { QueryState } from '../../components/ui/QueryState';
import { formatDateTime } from '../../lib/dates';
import { useErrorMessage } from '../../lib/errors';
import { useLoginGate } from '../../lib/login-gate';
import { useMoney } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useApplications, useApply, useImageUrl } from './api';
import './activities.css';

interface Picked {
  file: File;
  url: string;
}

const TYPES = ['image/png', 'image/jpeg'];
const length = (text: string) => [...text].length;

/**
 * The apply form of a promotion (spec §3 "Activity apply: comment, images"; §5 ≤ 140 characters,
 * PNG/JPG, ≤ 5 MB, ≤ 3): a comment with its counter and up to three pictures with previews. The
 * browser checks what it can before sending; the server checks the pictures' content again.
 */
export function ActivityApply({ activityId }: { activityId: string }) {
  const { t } = useTranslation('activities');
  const { isLogin, requireLogin } = useLoginGate();
  const applications = useApplications(activityId);
  if (!isLogin)
    return (
      <section className="act-card act-card--guest">
        <Icon name="lock" size={22} />
        <p>{t('signInText')}</p>
        <button type="button" className="btn btn--primary" onClick={() => requireLogin()}>
          {t('signIn')}
        </button>
      </section>
    );
  const pending = applications.data?.list.find((a) => a.status === 'pending');
  return (
    <QueryState
      isLoading={applications.isLoading}
      error={applications.error}
      onRetry={() => void applications.refetch()}
    >
      {pending ? (
        <section className="act-card act-card--pending" data-testid="activity-pending">
          <Icon name="calendar" size={22} />
          <p>{t('pendingText')}</p>
        </section>
      ) : (
        <ApplyForm activityId={activityId} />
      )}
      <MyApplications list={applications.data?.list ?? []} />
    </QueryState>
  );
}

function ApplyForm({ activityId }: { activityId: string }) {
  const { t } = useTranslation('activities');
  const apply = useApply();
  const errorMessage = useErrorMessage();
  const [comment, setComment] = useState('');
  const [picked, setPicked] = useState<Picked[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const urls = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const count = length(comment);
  const tooLong = count > ACTIVITY_COMMENT_MAX;
  const empty = comment.trim() === '' && picked.length === 0;

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setProblem(null);
    const next = [...picked];
    for (const file of files) {
      if (next.length >= ACTIVITY_IMAGES_MAX) {
        setProblem(t('errors:ACTIVITY_TOO_MANY_IMAGES'));
        break;
      }
      if (!TYPES.includes(file.type)) {
        setProblem(t('errors:ACTIVITY_IMAGE_TYPE'));
        continue;
      }
      if (file.size > ACTIVITY_IMAGE_MAX_BYTES) {
        setProblem(t('errors:ACTIVITY_IMAGE_TOO_LARGE'));
        continue;
      }
      const url = URL.createObjectURL(file);
      urls.current.push(url);
      next.push({ file, url });
    }
    setPicked(next);
  };

  const remove = (index: number) => {
    const gone = picked[index];
    if (gone) URL.revokeObjectURL(gone.url);
    setPicked(picked.filter((_, i) => i !== index));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong || empty || apply.isPending) return;
    setProblem(null);
    apply.mutate(
      { activityId, comment: comment.trim(), images: picked.map((p) => p.file) },
      {
        onSuccess: () => {
          toast(t('sent'), 'success');
          for (const p of picked) URL.revokeObjectURL(p.url);
          setPicked([]);
          setComment('');
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <form className="act-card act-form" onSubmit={submit} noValidate>
      <h2 className="act-form__title">{t('title')}</h2>
      <p className="muted act-form__hint">{t('hint')}</p>
      <label className="act-field">
        <span>{t('comment')}</span>
        <textarea
          name="comment"
          rows={3}
          value={comment}
          placeholder={t('commentPlaceholder')}
          aria-invalid={tooLong}
          aria-describedby="act-counter"
          onChange={(e) => setComment(e.target.value)}
        />
        <small id="act-counter" className={`act-counter${tooLong ? ' act-counter--over' : ''}`}>
          {t('counter', { count, max: ACTIVITY_COMMENT_MAX })}
        </small>
      </label>
      <div className="act-field">
        <span>{t('images', { count: picked.length, max: ACTIVITY_IMAGES_MAX })}</span>
        <ul className="act-previews">
          {picked.map((p, index) => (
            <li key={p.url} className="act-preview">
              <img src={p.url} alt={t('previewAlt', { n: index + 1 })} />
              <button
                type="button"
                className="act-preview__remove"
                aria-label={t('remove', { n: index + 1 })}
                onClick={() => remove(index)}
              >
                <Icon name="close" size={16} />
              </button>
            </li>
          ))}
          {picked.length < ACTIVITY_IMAGES_MAX ? (
            <li>
              <button type="button" className="act-add" onClick={() => input.current?.click()}>
                <Icon name="upload" size={22} />
                <span>{t('addImage')}</span>
              </button>
            </li>
          ) : null}
        </ul>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg"
          multiple
          hidden
          data-testid="activity-files"
          onChange={add}
        />
        <small className="muted">{t('imageRules')}</small>
      </div>
      {problem ? (
        <p className="act-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={tooLong || empty || apply.isPending}
      >
        {apply.isPending ? t('sending') : t('submit')}
      </button>
    </form>
  );
}

/** The member's applications to this promotion with their statuses, rewards and reasons. */
function MyApplications({ list }: { list: ActivityApplication[] }) {
  const { t, i18n } = useTranslation('activities');
  const money = useMoney();
  if (list.length === 0) return null;
  return (
    <section className="act-history" aria-labelledby="act-history-title">
      <h2 id="act-history-title" className="act-form__title">
        {t('history')}
      </h2>
      <ul className="act-list">
        {list.map((a) => (
          <li key={a.id} className="act-item" data-testid="activity-application">
            <div className="act-item__head">
              <span className={`act-status act-status--${a.status}`}>{t(`status.${a.status}`)}</span>
              <time dateTime={a.createdAt} className="muted">
                {formatDateTime(a.createdAt, i18n.language)}
              </time>
            </div>
            {a.comment ? <p className="act-item__comment">{a.comment}</p> : null}
            {a.images.length > 0 ? (
              <ul className="act-thumbs">
                {a.images.map((image) => (
                  <li key={image.position}>
                    <Thumb path={image.url} alt={t('previewAlt', { n: image.position + 1 })} />
                  </li>
                ))}
              </ul>
            ) : null}
            {a.status === 'approved' && a.rewardMinor !== null ? (
              <p className="act-item__reward">{t('reward', { amount: money.format(a.rewardMinor) })}</p>
            ) : null}
            {a.status === 'rejected' && a.reason ? (
              <p className="act-item__reason">{t('reason', { reason: a.reason })}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Thumb({ path, alt }: { path: string; alt: string }) {
  const url = useImageUrl(path);
  return url ? <img src={url} alt={alt} /> : <span className="act-thumb--loading" aria-hidden="true" />;
}
