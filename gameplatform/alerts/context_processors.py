from django.utils.functional import SimpleLazyObject

from gameplatform.tenants.selectors import membership_get

from .selectors import alerts_count


def alerts(request):
    """Puts ``alerts`` in every template context, read only when a template uses it:
    ``{"member": bool, "count": int}``: whether the signed-in person is a member of the
    community served (the header shows the badge only then) and how many of its matches wait
    for them or invite them (``selectors.alerts_count``: what /your-turn/ lists)."""
    def read():
        user, tenant = getattr(request, "user", None), getattr(request, "tenant", None)
        if membership_get(user=user, tenant=tenant) is None:
            return {"member": False, "count": 0}
        return {"member": True, "count": alerts_count(tenant=tenant, user=user)}

    return {"alerts": SimpleLazyObject(read)}
