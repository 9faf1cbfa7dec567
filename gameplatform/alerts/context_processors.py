from django.utils.functional import SimpleLazyObject


def alerts(request):
    """Puts ``alerts`` in every template context, read only when a template uses it:
    ``{"member": bool, "count": int}``: whether the signed-in person is a member of the
    community served (the header shows the badge only then) and how many of its matches wait
    for them."""
    from gameplatform.tenants.selectors import membership_get

    from .selectors import waiting_count

    def read():
        user, tenant = getattr(request, "user", None), getattr(request, "tenant", None)
        if membership_get(user=user, tenant=tenant) is None:
            return {"member": False, "count": 0}
        return {"member": True, "count": waiting_count(tenant=tenant, user=user)}

    return {"alerts": SimpleLazyObject(read)}
