#pragma once
// Everything of ts::fleet in one include: fleet reports, key attributes, the outlier rule, compare.
#include "fleet/compare.hpp"
#include "fleet/fleet_report.hpp"
#include "fleet/key_attributes.hpp"
#include "fleet/member_identity.hpp"
#include "fleet/outlier_rule.hpp"
