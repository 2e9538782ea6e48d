"""One spelling per address: every place that stores, looks up or keys a lockout on an email uses this."""

import unicodedata


def normalize_email(value: str) -> str:
    """NFKC, then casefold the local part and IDNA-encode and lowercase the domain.

    So 'ſtaff@Example.COM' (U+017F) and 'staff@example.com' are one address, as are the Kelvin sign and 'k',
    and 'user@BÜCHER.de' is 'user@xn--bcher-kva.de'.
    """
    value = unicodedata.normalize("NFKC", (value or "").strip())
    local, at, domain = value.rpartition("@")
    if not at:
        return value.casefold()
    domain = domain.rstrip(".")
    try:
        domain = domain.encode("idna").decode("ascii")
    except UnicodeError:  # an empty or over-long label: keep it as typed; validation refuses it elsewhere
        pass
    return f"{local.casefold()}@{domain.lower()}"


def plan_normalisation(rows):
    """From (id, email) rows: the (id, new email) changes to make, and the groups of rows that would collide.

    Collisions are lists of (id, email) sharing one normalised form; their rows must not be changed.
    """
    groups: dict[str, list] = {}
    for pk, email in rows:
        groups.setdefault(normalize_email(email), []).append((pk, email))
    changes, collisions = [], []
    for normal, members in groups.items():
        if len(members) > 1:
            collisions.append(sorted(members))
        elif members[0][1] != normal:
            changes.append((members[0][0], normal))
    return changes, collisions


def collision_report(collisions) -> str:
    lines = ["These accounts differ only in case or Unicode spelling of their email, so they would become one:"]
    for members in collisions:
        lines.append("  " + ", ".join(f"id {pk} <{email}>" for pk, email in members))
    lines.append(
        "Change the email of all but one account in each group (Django admin or `manage.py shell`), "
        "or delete the extra accounts, then run `manage.py migrate` again."
    )
    return "\n".join(lines)
