import { cn } from '../../../lib/cn';

export type TableColumn = string | { label: string; className: string };

/** The header row of an admin list table; `dense` narrows the cell padding, a column may add classes. */
export function TableHead({ columns, dense = false }: { columns: TableColumn[]; dense?: boolean }) {
  const th = cn(dense ? 'px-2' : 'px-3', 'py-2 text-left text-xs font-semibold uppercase tracking-wide text-zinc-600');
  return (
    <thead className="border-b border-zinc-200">
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th key={column} scope="col" className={th}>
              {column}
            </th>
          ) : (
            <th key={column.label} scope="col" className={cn(th, column.className)}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
