/** The product's small UI kit, used by the shell and every remote (one copy, shared). */
import './ui.css';
export { Spinner } from './Spinner';
export { Avatar, type AvatarProps } from './Avatar';
export { Modal, type ModalProps } from './Modal';
export { Menu, type MenuItem } from './Menu';
export { BlockDialog, MuteDialog, ReportDialog, MUTE_CHOICES, REPORT_SENT } from './SafetyDialogs';
export { EmojiPicker, EMOJIS, PICKER_BUTTON_EMOJI, insertAtCursor } from './EmojiPicker';
export { Emoji, withEmoji } from './Emoji';
export { RichText, WebLink, safeHttpUrl } from './RichText';
export { loadOnce } from './load-once';
export { useServedSrc } from './served-src';
export { useSentinel } from './use-sentinel';
export { readImageFile } from './read-image-file';
export {
  IMAGE_ACCEPT,
  IMAGE_TYPE_MESSAGE,
  IMAGE_SIZE_MESSAGE,
  IMAGE_KEPT_AS_IS_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
  IMAGE_INPUT_TOO_LARGE_MESSAGE,
  IMAGE_MAX_SIDE,
  type ImageReadResult,
} from './image';
export { formatRelativeDate, formatFullDate } from './date';
export { fullName } from './names';
export { countLabel } from './count';
export * from './Icons';
