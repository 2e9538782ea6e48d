"""Seed the default and Quick practice plans (from the engine's definitions), six default roles with
their question banks, and the Recruiters group's permissions.

The plans' numbers live in `agent_worker.core.plans` only: this migration copies them, it restates none.
"""

from django.db import migrations

RECRUITERS = "Recruiters"
RECRUITER_MODELS = ("role", "stageplan", "planstage", "question")
STAGE_FIELDS = (
    "name", "title", "min_questions", "max_questions", "min_seconds", "max_seconds",
    "inactivity_seconds", "overrun_seconds", "thinking_seconds", "target_depth", "competency",
    "instructions", "bridges",
)

ALL_LEVELS = ["junior", "mid", "senior", "staff", "manager"]

# Each role: its bank, per stage of the default plan, with the competency each question targets.
# Texts may use {role} and {company}; the engine fills them.
ROLES = [
    {
        "title": "Software Engineer",
        "slug": "software-engineer",
        "description": "Builds and maintains software products: designs services, writes and reviews code, "
        "debugs production issues and works closely with product and design.",
        "focus_areas": [
            "Designing systems that scale and stay simple",
            "Code quality, testing and reviews",
            "Debugging and production incidents",
            "Working with product, design and other engineers",
        ],
        "competencies": ["system design", "coding craft", "debugging", "collaboration", "communication", "ownership"],
        "levels": ALL_LEVELS,
        "questions": {
            "self_intro": [
                ("Tell me about yourself and the kind of software you've been building recently.", "communication"),
                ("Which part of the stack do you feel most at home in, and why?", "coding craft"),
                ("How do you keep your code easy for others to change?", "coding craft"),
                ("What draws you to this {role} role at this point in your career?", "communication"),
            ],
            "past_experience": [
                ("Walk me through a system you designed. What were the requirements and the main trade-offs?",
                 "system design"),
                ("Tell me about the hardest bug you've tracked down. How did you find the cause?", "debugging"),
                ("Describe a production incident you were involved in. What did you do, and what changed after?",
                 "ownership"),
                ("Tell me about a code review where you and the author disagreed. How did you resolve it?",
                 "collaboration"),
                ("Describe a time you improved the performance or reliability of something. How did you measure it?",
                 "coding craft"),
                ("Tell me about a piece of work you owned end to end, from idea to production.", "ownership"),
            ],
            "closing": [
                ("What would you like to ask about the role or how the team works?", "communication"),
                ("Is there anything about your experience we haven't covered that you'd like to mention?",
                 "communication"),
            ],
        },
    },
    {
        "title": "Data Scientist",
        "slug": "data-scientist",
        "description": "Turns data into decisions: frames questions, runs analyses and experiments, builds and "
        "evaluates models, and explains the results to the people who act on them.",
        "focus_areas": [
            "Experiment design and statistical reasoning",
            "Building, evaluating and shipping models",
            "Data quality and wrangling",
            "Turning analysis into business decisions",
        ],
        "competencies": [
            "statistics and experimentation", "machine learning", "data wrangling", "business impact",
            "collaboration", "communication",
        ],
        "levels": ["junior", "mid", "senior", "staff"],
        "questions": {
            "self_intro": [
                ("Tell me about yourself and the kinds of data problems you've been working on.", "communication"),
                ("How do you explain a statistical result to someone without a data background?", "communication"),
                ("Which tools and methods do you reach for first, and why?", "data wrangling"),
                ("What interests you about this {role} role?", "communication"),
            ],
            "past_experience": [
                ("Tell me about an A/B test or experiment you designed. How did you choose the metric and the sample size?",
                 "statistics and experimentation"),
                ("Walk me through a model you built and put into use. How did you evaluate it?", "machine learning"),
                ("Describe a time the data was messier than expected. What did you do about it?", "data wrangling"),
                ("Tell me about an analysis that changed a decision. What was the impact?", "business impact"),
                ("Describe a result that surprised you or contradicted what stakeholders expected. How did you handle it?",
                 "collaboration"),
            ],
            "closing": [
                ("What would you like to know about how data is used on this team?", "communication"),
                ("Is there a project we haven't discussed that you'd like to mention?", "communication"),
            ],
        },
    },
    {
        "title": "Product Manager",
        "slug": "product-manager",
        "description": "Decides what to build and why: understands customers, sets priorities, aligns teams "
        "and measures whether what shipped made a difference.",
        "focus_areas": [
            "Understanding customers and their problems",
            "Prioritisation and roadmaps",
            "Working with engineering, design and stakeholders",
            "Metrics and outcomes",
        ],
        "competencies": [
            "product sense", "prioritisation", "execution", "data-informed decisions", "stakeholder management",
            "communication",
        ],
        "levels": ALL_LEVELS,
        "questions": {
            "self_intro": [
                ("Tell me about yourself and the products you've worked on.", "communication"),
                ("How would you describe your approach to product management in a sentence or two?", "product sense"),
                ("Which product that you use every day would you improve, and how?", "product sense"),
                ("What draws you to this {role} role?", "communication"),
            ],
            "past_experience": [
                ("Tell me about a product or feature you launched. How did you decide it was worth building?",
                 "product sense"),
                ("Describe a time you had to say no to an important stakeholder. How did you handle it?",
                 "stakeholder management"),
                ("Walk me through how you prioritised a roadmap with more requests than capacity.", "prioritisation"),
                ("Tell me about a launch that didn't go to plan. What did you learn?", "execution"),
                ("Describe a decision you made from data. Which metrics did you look at, and what happened?",
                 "data-informed decisions"),
            ],
            "closing": [
                ("What would you like to ask about the product or the team?", "communication"),
                ("Is there anything else about your experience you'd like me to know?", "communication"),
            ],
        },
    },
    {
        "title": "DevOps / SRE",
        "slug": "devops-sre",
        "description": "Keeps production reliable and delivery fast: builds infrastructure and automation, "
        "sets up observability, runs incidents and makes systems easier to operate.",
        "focus_areas": [
            "Reliability, SLOs and error budgets",
            "Incident response and postmortems",
            "Infrastructure as code and automation",
            "Observability: metrics, logs and traces",
        ],
        "competencies": [
            "reliability engineering", "incident response", "automation", "infrastructure design", "observability",
            "communication",
        ],
        "levels": ["junior", "mid", "senior", "staff"],
        "questions": {
            "self_intro": [
                ("Tell me about yourself and the infrastructure you've been responsible for.", "communication"),
                ("How do you decide what to automate and what to leave manual?", "automation"),
                ("What does a good on-call rotation look like to you?", "incident response"),
                ("What interests you about this {role} role?", "communication"),
            ],
            "past_experience": [
                ("Walk me through an incident you led or took part in. How did you find the cause and restore service?",
                 "incident response"),
                ("Tell me about a time you improved the reliability of a service. How did you measure it?",
                 "reliability engineering"),
                ("Describe a piece of infrastructure you designed or migrated. What were the trade-offs?",
                 "infrastructure design"),
                ("Tell me about some toil you automated away. What was the impact on the team?", "automation"),
                ("Describe how you set up monitoring or alerting for a system. How did you cut noisy alerts?",
                 "observability"),
            ],
            "closing": [
                ("What would you like to ask about how this team runs production?", "communication"),
                ("Is there anything we haven't covered that you'd like to add?", "communication"),
            ],
        },
    },
    {
        "title": "Product Designer",
        "slug": "product-designer",
        "description": "Shapes how products work and feel: researches users, designs flows and interfaces, "
        "prototypes and tests, and works with product and engineering to ship.",
        "focus_areas": [
            "User research and problem framing",
            "Interaction and visual design",
            "Prototyping and usability testing",
            "Working with product and engineering",
        ],
        "competencies": [
            "user research", "interaction design", "visual craft", "design systems", "collaboration",
            "communication",
        ],
        "levels": ["junior", "mid", "senior", "staff"],
        "questions": {
            "self_intro": [
                ("Tell me about yourself and the products you've designed.", "communication"),
                ("How would you describe your design process?", "interaction design"),
                ("Which piece of work in your portfolio best shows how you think, and why?", "communication"),
                ("What draws you to this {role} role?", "communication"),
            ],
            "past_experience": [
                ("Walk me through a design project from the problem to the shipped result.", "interaction design"),
                ("Tell me about research you ran that changed the direction of a design.", "user research"),
                ("Describe a time engineering or product pushed back on your design. How did you work it out?",
                 "collaboration"),
                ("Tell me about a usability problem you found and fixed. How did you know it worked?",
                 "user research"),
                ("Describe your contribution to a design system or a shared component library.", "design systems"),
            ],
            "closing": [
                ("What would you like to ask about design on this team?", "communication"),
                ("Is there a project we haven't talked about that you'd like to mention?", "communication"),
            ],
        },
    },
    {
        "title": "Sales",
        "slug": "sales",
        "description": "Finds and wins customers: prospects, runs discovery, manages a pipeline, negotiates "
        "and builds relationships that last beyond the first deal.",
        "focus_areas": [
            "Discovery and qualifying opportunities",
            "Pipeline management and forecasting",
            "Negotiation and closing",
            "Long-term customer relationships",
        ],
        "competencies": [
            "discovery", "pipeline management", "negotiation", "relationship building", "resilience",
            "communication",
        ],
        "levels": ["junior", "mid", "senior", "manager"],
        "questions": {
            "self_intro": [
                ("Tell me about yourself and what you've been selling.", "communication"),
                ("How would your last manager describe the way you sell?", "communication"),
                ("How do you keep yourself motivated through a run of lost deals?", "resilience"),
                ("What draws you to this {role} role?", "communication"),
            ],
            "past_experience": [
                ("Walk me through a deal you're proud of, from first contact to signature.", "discovery"),
                ("Tell me about a deal you lost. What happened, and what did you change afterwards?", "resilience"),
                ("Describe a tough negotiation. What did you give, what did you hold firm on, and why?",
                 "negotiation"),
                ("How did you build and manage your pipeline to hit your number last year?", "pipeline management"),
                ("Tell me about a customer relationship you grew over time. What did it lead to?",
                 "relationship building"),
            ],
            "closing": [
                ("What would you like to ask about the sales team or the territory?", "communication"),
                ("Is there anything about your results we haven't covered?", "communication"),
            ],
        },
    },
]

GREETING_QUESTIONS = [
    "Does that sound good, and are you ready to begin?",
    "Shall we get started?",
]


def seed(apps, schema_editor):
    from agent_worker.core.plans import DEFAULT_PLAN, QUICK_PLAN

    StagePlan = apps.get_model("interviews", "StagePlan")
    PlanStage = apps.get_model("interviews", "PlanStage")
    Role = apps.get_model("interviews", "Role")
    Question = apps.get_model("interviews", "Question")

    plans = {}
    for data, quick, description in (
        (DEFAULT_PLAN, False, "The standard practice interview: welcome, about you, past experience, closing."),
        (QUICK_PLAN, True, "A short warm-up with the same stages and fewer questions."),
    ):
        plan, created = StagePlan.objects.get_or_create(
            name=data["name"],
            version=data.get("version", 1),
            defaults={"title": data["title"], "is_quick_practice": quick, "description": description},
        )
        if created:
            for order, stage in enumerate(data["stages"]):
                values = {field: stage.get(field) for field in STAGE_FIELDS}
                values["competency"] = values["competency"] or ""
                values["bridges"] = list(values["bridges"] or [])
                PlanStage.objects.create(plan=plan, order=order, **values)
        plans[data["name"]] = plan

    for spec in ROLES:
        role, created = Role.objects.get_or_create(
            slug=spec["slug"],
            defaults={
                "title": spec["title"],
                "description": spec["description"],
                "focus_areas": spec["focus_areas"],
                "competencies": spec["competencies"],
                "levels": spec["levels"],
                "plan": plans["default"],
            },
        )
        if not created:
            continue
        for text in GREETING_QUESTIONS:
            Question.objects.create(role=role, stage="greeting", text=text, tags=["ready"])
        for stage, questions in spec["questions"].items():
            for text, competency in questions:
                Question.objects.create(role=role, stage=stage, text=text, competency=competency)


def unseed(apps, schema_editor):
    Role = apps.get_model("interviews", "Role")
    StagePlan = apps.get_model("interviews", "StagePlan")
    Role.objects.filter(slug__in=[spec["slug"] for spec in ROLES], interviews__isnull=True).delete()
    StagePlan.objects.filter(roles__isnull=True, interviews__isnull=True, name__in=["default", "quick"]).delete()


def grant_recruiters(apps, schema_editor):
    """Give Recruiters exactly add/change/delete/view on roles, plans, stages and questions."""
    from django.contrib.auth.management import create_permissions

    # Permissions are normally made after migrate (post_migrate): make them now so they can be granted.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None

    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=RECRUITERS)
    wanted = Permission.objects.filter(
        content_type__app_label="interviews",
        content_type__model__in=RECRUITER_MODELS,
        codename__regex=r"^(add|change|delete|view)_",
    )
    group.permissions.set(wanted)


def revoke_recruiters(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    group = Group.objects.filter(name=RECRUITERS).first()
    if group:
        group.permissions.clear()


class Migration(migrations.Migration):
    dependencies = [
        ("interviews", "0001_initial"),
        ("accounts", "0002_recruiters_group"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.RunPython(seed, unseed),
        migrations.RunPython(grant_recruiters, revoke_recruiters),
    ]
