import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './Button';

/** The Edit and Delete buttons of a listed item; screen readers hear "Edit {subject}" and "Delete {subject}". */
export function EditDeleteButtons({
  subject,
  onEdit,
  onDelete,
}: {
  subject: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button variant="outline" size="sm" aria-label={`Edit ${subject}`} onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="border-red-300 text-red-800 hover:bg-red-50"
        aria-label={`Delete ${subject}`}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}
