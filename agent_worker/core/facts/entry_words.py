"""What a job title and an organisation look like on a resume, across the trades and the languages resumes come in.

An entry's two names (its title and its employer) are told apart by these: a title has a job's head word
("Staff Nurse", "HGV Driver", "Key Holder", "Krankenpfleger", "Auxiliar de enfermería"); an employer has an
organisation's kind or legal form ("… Ltd", "… GmbH", "… S.L.", "… Hospital", "Ayuntamiento de …", "… & Sons").
The shared patterns (patterns.py) hold the office words every reader uses; these add the trades' and the
other languages' words, for the resume reader only.
"""

from __future__ import annotations

import re

from agent_worker.core.facts.job_layout import _TRADE_TITLE_WORDS
from agent_worker.core.facts.patterns import _EMPLOYER_WORDS, _TITLE_WORDS

# Job heads beyond the office words: the trades, care, shops, kitchens, driving, and the same in German, French,
# Spanish and Dutch (stems: "Krankenpfleger", "Pflegefachkraft", "Lagerist", "Verkäuferin").
_JOB_HEADS = re.compile(
    r"\b(?:holder|operative|operatives|practitioner|educator|headteacher|principal|deputy|matron|sister|hca|"
    r"senco|buyer|controller|waiter|waitress|host|hostess|concierge|sommelier|baker|butcher|stylist|hairdresser|"
    r"joiner|bricklayer|plasterer|roofer|painter|decorator|fitter|foreman|surveyor|estimator|inspector|courier|"
    r"chauffeur|hgv|lgv|forklift|underwriter|broker|cook|chef|commis|steward|stewardess|housekeeping|"
    r"crew|team leader|key holder|storekeeper|shopkeeper|merchandiser|picker|packer|carer|nurse|midwife|"
    r"paramedic|pharmacist|dispenser|receptionist|administrator|secretary|clerk|officer|worker|assistant|"
    r"trainee|apprentice|engineer|electrician|plumber|mechanic|technician|teacher|tutor|lecturer|"
    r"developer|manager|supervisor|coordinator|director|analyst|accountant|bookkeeper|cashier|driver|"
    r"infirmi[eè]re?|aide-soignante?|auxiliaire|chauffeur|livreur|magasinier|cariste|cuisinier|serveu(?:r|se)|"
    r"vendeu(?:r|se)|caissi[eè]re?|enseignante?|professeur|institut(?:eur|rice)|comptable|d[ée]veloppeu(?:r|se)|"
    r"responsable|technicien(?:ne)?|[ée]lectricien|plombier|secr[ée]taire|assistante?|agent|conseill[eè]re?|"
    r"gestionnaire|ing[ée]nieur|employ[ée]e?|chef d'[ée]quipe|"
    r"enfermer[oa]|auxiliar|conductor(?:a)?|repartidor(?:a)?|mozo|carretiller[oa]|cociner[oa]|camarer[oa]|"
    r"dependient[ea]|cajer[oa]|profesor(?:a)?|maestr[oa]|contable|desarrollador(?:a)?|t[ée]cnic[oa]|jef[ea]|"
    r"encargad[oa]|administrativ[oa]|electricista|fontaner[oa]|gerente|responsable|coordinador(?:a)?|"
    r"verpleegkundige|verzorgende|chauffeur|magazijnmedewerker|heftruckchauffeur|kok|verkoper|verkoopster|"
    r"kassamedewerker|docent|leraar|lerares|boekhouder|ontwikkelaar|medewerker|monteur|leidinggevende|"
    r"teamleider|filiaalmanager|bedrijfsleider|"
    r"\w*(?:pfleger(?:in)?|pflegefachkraft|pflegekraft|pflegehelfer(?:in)?|schwester|fahrer(?:in)?|"
    r"lagerist(?:in)?|verk[äa]ufer(?:in)?|kassierer(?:in)?|koch|k[öo]chin|kellner(?:in)?|lehrer(?:in)?|"
    r"erzieher(?:in)?|kauf(?:mann|frau)|sachbearbeiter(?:in)?|buchhalter(?:in)?|entwickler(?:in)?|leiter(?:in)?|"
    r"mitarbeiter(?:in)?|techniker(?:in)?|meister(?:in)?|elektriker(?:in)?|monteur(?:in)?|helfer(?:in)?|"
    r"assistent(?:in)?|referent(?:in)?|berater(?:in)?|fachkraft|angestellte[rn]?))\b",
    re.IGNORECASE,
)
# Organisations: kinds of workplace and legal forms in the six locales' languages.
_ORGANISATION = re.compile(
    r"&\s?(?:co|sons|daughters|partners|zn|fils|hijos)\b|(?:\b(?:ltd|plc|llp|llc|inc|gmbh|ag|kg|ohg|ug|e\.\s?k|e\.\s?v|sarl|sas|sasu|eurl|sa|snc|s\.\s?a|"
    r"s\.\s?l(?:\.\s?n\.\s?e|\.\s?u)?|s\.\s?com|s\.\s?coop|b\.\s?v|n\.\s?v|v\.\s?o\.\s?f|bv|nv|"
    r"and sons|brothers|hermanos|hijos|fils|gebr|zonen|"
    r"hospital|hospitals|clinic|surgery|practice|hospice|infirmary|trust|nhs|council|borough|county|authority|"
    r"academy|nursery|kindergarten|shop|shops|store|stores|supermarket|supermarkets|market|markets|"
    r"garden cent(?:re|er)|pharmacy|chemist|hotel|hotels|inn|restaurant|bistro|brasserie|caf[ée]|pub|"
    r"kitchen|catering|logistics|freight|haulage|hauliers?|transport|distribution|fulfil?ment|cold store|depot|"
    r"parcels?|couriers|express|removals|construction|builders|electrical|plumbing|heating|facilities|"
    r"housing|homes|care home|nursing home|properties|estates|engineering|manufacturing|media|insurance|"
    r"accountants|solicitors|associates|digital|logistik|spedition|klinik(?:um)?|krankenhaus|apotheke|"
    r"pflegeheim|pflegedienst|seniorenheim|seniorenzentrum|stadtwerke|stadt|gemeinde|landkreis|schule|"
    r"gymnasium|berufskolleg|b[äa]ckerei|gasthof|warenhaus|h[ôo]pital|clinique|chu|mairie|[ée]cole|"
    r"coll[èe]ge|lyc[ée]e|pharmacie|boulangerie|magasin|ehpad|centre hospitalier|ayuntamiento|"
    r"diputaci[óo]n|colegio|farmacia|residencia|supermercados?|almacenes|transportes|ziekenhuis|gemeente|"
    r"apotheek|zorg|thuiszorg|verpleeghuis|bakkerij|winkel|groep|"
    r"universit(?:y|ies|ät|é|à|eit)|universidad|hogeschool|school|college|institute|instituto?)\b\.?)",
    re.IGNORECASE,
)
# A firm named for its people: "Taylor-Mathis", "Chung, Moss and Murphy", "Mulder & van den Assem".
_FIRM_OF_NAMES = re.compile(
    r"^[A-Z][a-z'’]{2,}-[A-Z][a-z'’]{2,}$|^[A-Z][\w'’]+, [A-Z][\w'’]+ (?:and|&|und|et|y|en) [A-Z][\w'’]+$|"
    r"^[A-Z][\w'’]+ (?:&|and|und|et|y|en) (?:van |de |der |den )*[A-Z][\w'’]+$"
)


def title_words(text: str) -> int:
    """How many job heads `text` has ("Senior Staff Nurse": 1; "Warehouse Team Leader": 1)."""
    office = len(_TITLE_WORDS.findall(text)) + len(_TRADE_TITLE_WORDS.findall(text))
    return max(office, len(_JOB_HEADS.findall(text)))


def organisation_words(text: str) -> int:
    """How many marks of an organisation `text` has: a kind of workplace, a legal form, a firm of surnames."""
    kinds = max(len(_EMPLOYER_WORDS.findall(text)), len(_ORGANISATION.findall(text)))
    return kinds + (1 if not kinds and not title_words(text) and _FIRM_OF_NAMES.search(text.strip()) else 0)
