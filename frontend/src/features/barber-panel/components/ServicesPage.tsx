import { useState } from 'react';
import type { Service, ServiceInput } from '@barber/shared';
import { Plus, Scissors } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageTitle';
import { LoadingStatus, Skeleton } from '../../../components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/Tabs';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import type { ActingBarber } from '../api/scope';
import { useBarberServices } from '../api/services';
import { useServiceMutations } from '../../../lib/serviceMutations';
import { categoryLabel } from '../../../lib/serviceCategories';
import { ErrorState } from './common/ErrorState';
import { PanelScope } from './common/PanelScope';
import { ServiceCard } from './services/ServiceCard';
import { ServiceFormDialog } from '../../../components/services/ServiceFormDialog';
import { useServiceOwnerActions } from '../../../components/services/useServiceOwnerActions';

/** Barber services (docs/spec/barber-and-admin.md §2): category tabs, cards, add, edit and delete. */
export function ServicesPage() {
  return (
    <div>
      <PageHeader title="Services" documentTitle="My services" description="Manage the services customers can book" />
      <PanelScope>{(acting) => <ServicesScreen key={acting.barberId ?? 'own'} acting={acting} />}</PanelScope>
    </div>
  );
}

function ServicesScreen({ acting }: { acting: ActingBarber }) {
  const { data, isLoading, isError, error, refetch } = useBarberServices(acting.params);
  const { create } = useServiceMutations(acting.params);
  const owner = useServiceOwnerActions(acting.params);
  const [adding, setAdding] = useState(false);

  const services = data?.services ?? [];
  const categories = [...new Set(services.map((s) => s.category).filter(Boolean))];
  // a tab whose last service was deleted or moved to another category falls back to All Services
  const [tab, setTab] = useState('all');
  const shownTab = tab === 'all' || categories.includes(tab) ? tab : 'all';

  function add(values: ServiceInput) {
    create.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Service created',
          description: 'Your service has been successfully created.',
          variant: 'success',
        });
        setAdding(false);
      },
      onError: () =>
        toast({ title: 'Error', description: 'Failed to create service. Please try again.', variant: 'destructive' }),
    });
  }

  const addButton = (
    <Button onClick={() => setAdding(true)}>
      <Plus aria-hidden="true" />
      Add Service
    </Button>
  );

  let body;
  if (isLoading) {
    body = (
      <LoadingStatus label="Loading services" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-48" />
        ))}
      </LoadingStatus>
    );
  } else if (isError) {
    body = <ErrorState title="Error Loading Services" message={errorMessage(error)} onRetry={() => void refetch()} />;
  } else if (services.length === 0) {
    body = (
      <EmptyState
        icon={<Scissors />}
        title="No services yet"
        description="Add the services you offer so customers can book them."
        action={addButton}
      />
    );
  } else {
    const grid = (list: Service[]) => (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {list.map((s) => (
          <ServiceCard key={s.id} service={s} onEdit={owner.edit} onDelete={owner.remove} />
        ))}
      </div>
    );
    body = (
      <Tabs value={shownTab} onValueChange={setTab}>
        <div className="overflow-x-auto">
          <TabsList aria-label="Service categories" className="h-auto max-w-full flex-wrap">
            <TabsTrigger value="all">All Services</TabsTrigger>
            {categories.map((c) => (
              <TabsTrigger key={c} value={c}>
                {categoryLabel(c)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="all">{grid(services)}</TabsContent>
        {categories.map((c) => (
          <TabsContent key={c} value={c}>
            {grid(services.filter((s) => s.category === c))}
          </TabsContent>
        ))}
      </Tabs>
    );
  }

  return (
    <div className="space-y-4">
      {services.length > 0 ? <div className="flex justify-end">{addButton}</div> : null}
      {body}
      <ServiceFormDialog
        open={adding}
        service={null}
        onOpenChange={setAdding}
        onSubmit={add}
        pending={create.isPending}
      />
      {owner.dialogs}
    </div>
  );
}
